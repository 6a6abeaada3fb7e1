import { useTranslation } from '../../../lib/use-translation';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button-classes';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { passwordResetRequestErrorMessage } from '../auth-errors';
import { useFormFields } from '../use-form-fields';
import { validateEmail } from '../validation';
import { FormField } from './form-field';

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const form = useFormFields({ email: '' }, ({ email }) => validateEmail(email));
  const request = useRequestPasswordReset();

  return (
    <form
      noValidate
      onSubmit={(event) => {
        if (form.check(event)) request.mutate(form.values.email.trim());
      }}
      className="flex flex-col gap-4"
    >
      <h3 className="text-base font-semibold text-white">{t('auth.forgotPassword.title')}</h3>
      <p className="text-sm text-slate-400">{t('auth.forgotPassword.help')}</p>
      {request.isError && (
        <Alert tone="error">{t(`auth.messages.${passwordResetRequestErrorMessage(request.error)}`)}</Alert>
      )}
      {request.isSuccess && <Alert tone="success">{t('auth.forgotPassword.sent')}</Alert>}
      <FormField fields={form} name="email" label={t('auth.fields.email')} type="email" autoComplete="email" />
      <button type="submit" disabled={request.isPending} className={buttonClass('primary', 'w-full')}>
        {request.isPending ? t('auth.submitting') : t('auth.forgotPassword.submit')}
      </button>
      <button
        type="button"
        onClick={onBack}
        className="self-start text-sm font-medium text-emerald-400 hover:text-emerald-300 hover:underline"
      >
        {t('auth.forgotPassword.back')}
      </button>
    </form>
  );
}
