import { useTranslation } from '../../../lib/use-translation';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button-classes';
import { useSignInEmail } from '../api/sign-in-email';
import { signInErrorMessage } from '../auth-errors';
import { useFormFields } from '../use-form-fields';
import { validateSignIn } from '../validation';
import { FormField } from './form-field';

type SignInFormProps = {
  onSignedIn: () => void;
  onForgotPassword: () => void;
};

export function SignInForm({ onSignedIn, onForgotPassword }: SignInFormProps) {
  const { t } = useTranslation();
  const form = useFormFields({ email: '', password: '' }, validateSignIn);
  const signIn = useSignInEmail();

  return (
    <form
      noValidate
      onSubmit={(event) => {
        if (!form.check(event)) return;
        // Not `onSuccess: onSignedIn`: the mutation would hand it the server's answer, which the
        // dialog took for a notice to show (an empty toast after every sign-in).
        signIn.mutate(
          { email: form.values.email.trim(), password: form.values.password },
          { onSuccess: () => onSignedIn() },
        );
      }}
      className="flex flex-col gap-4"
    >
      {signIn.isError && <Alert tone="error">{t(`auth.messages.${signInErrorMessage(signIn.error)}`)}</Alert>}
      <FormField fields={form} name="email" label={t('auth.fields.email')} type="email" autoComplete="email" />
      <FormField
        fields={form}
        name="password"
        label={t('auth.fields.password')}
        type="password"
        autoComplete="current-password"
      />
      <button
        type="button"
        onClick={onForgotPassword}
        className="self-start text-sm font-medium text-emerald-400 hover:text-emerald-300 hover:underline"
      >
        {t('auth.forgotPassword.link')}
      </button>
      <button type="submit" disabled={signIn.isPending} className={buttonClass('primary', 'w-full')}>
        {signIn.isPending ? t('auth.submitting') : t('auth.signInSubmit')}
      </button>
    </form>
  );
}
