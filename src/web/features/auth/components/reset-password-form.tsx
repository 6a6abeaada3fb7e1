import { useTranslation } from '../../../lib/use-translation';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button-classes';
import { useResetPassword } from '../api/reset-password';
import { resetPasswordErrorMessage } from '../auth-errors';
import { useAuthModal } from '../auth-modal';
import { useFormFields } from '../use-form-fields';
import { validateNewPassword } from '../validation';
import { FormField } from './form-field';

/** The page an emailed reset link lands on; `token` comes from that link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const authModal = useAuthModal();
  const form = useFormFields({ password: '', confirmPassword: '' }, validateNewPassword);
  const reset = useResetPassword();

  if (reset.isSuccess) {
    return (
      <div className="mt-6 flex max-w-md flex-col gap-4">
        <Alert tone="success">{t('auth.resetPassword.success')}</Alert>
        <button type="button" onClick={() => authModal.open('signin')} className={buttonClass('primary', 'self-start')}>
          {t('auth.signIn')}
        </button>
      </div>
    );
  }

  const failure = reset.isError ? resetPasswordErrorMessage(reset.error) : null;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        if (form.check(event)) reset.mutate({ newPassword: form.values.password, token });
      }}
      className="mt-6 flex max-w-md flex-col gap-4"
    >
      {failure && (
        <Alert tone="error">
          {t(`auth.messages.${failure}`)}
          {failure === 'invalidResetLink' && <RequestNewLink />}
        </Alert>
      )}
      <FormField
        fields={form}
        name="password"
        label={t('auth.fields.newPassword')}
        type="password"
        autoComplete="new-password"
      />
      <FormField
        fields={form}
        name="confirmPassword"
        label={t('auth.fields.confirmPassword')}
        type="password"
        autoComplete="new-password"
      />
      <button type="submit" disabled={reset.isPending} className={buttonClass('primary')}>
        {reset.isPending ? t('auth.submitting') : t('auth.resetPassword.submit')}
      </button>
    </form>
  );
}

/** For a link that was invalid from the start (`?error=INVALID_TOKEN`) or has expired since. */
export function InvalidResetLink() {
  const { t } = useTranslation();
  return (
    <Alert tone="error" className="mt-6 max-w-md">
      {t('auth.messages.invalidResetLink')}
      <RequestNewLink />
    </Alert>
  );
}

function RequestNewLink() {
  const { t } = useTranslation();
  const authModal = useAuthModal();
  return (
    <button
      type="button"
      onClick={() => authModal.open('forgot')}
      className="mt-2 block font-semibold underline hover:no-underline"
    >
      {t('auth.resetPassword.requestNewLink')}
    </button>
  );
}
