import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button-classes';
import { TextField } from '../../../components/ui/text-field';
import { useSignInEmail } from '../api/sign-in-email';
import { signInErrorMessage } from '../auth-errors';
import { useFormFields } from '../use-form-fields';
import { validateSignIn } from '../validation';
import { useFieldMessage } from './field-message';

type SignInFormProps = {
  onSignedIn: () => void;
  onForgotPassword: () => void;
};

export function SignInForm({ onSignedIn, onForgotPassword }: SignInFormProps) {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  const form = useFormFields({ email: '', password: '' }, validateSignIn);
  const signIn = useSignInEmail();

  return (
    <form
      noValidate
      onSubmit={(event) => {
        if (!form.check(event)) return;
        signIn.mutate({ email: form.values.email.trim(), password: form.values.password }, { onSuccess: onSignedIn });
      }}
      className="flex flex-col gap-4"
    >
      {signIn.isError && <Alert tone="error">{t(`auth.messages.${signInErrorMessage(signIn.error)}`)}</Alert>}
      <TextField
        label={t('auth.fields.email')}
        type="email"
        autoComplete="email"
        required
        error={fieldMessage(form.errors.email)}
        {...form.inputProps('email')}
      />
      <TextField
        label={t('auth.fields.password')}
        type="password"
        autoComplete="current-password"
        required
        error={fieldMessage(form.errors.password)}
        {...form.inputProps('password')}
      />
      <button type="button" onClick={onForgotPassword} className="self-start text-sm font-medium text-emerald-400 hover:text-emerald-300 hover:underline">
        {t('auth.forgotPassword.link')}
      </button>
      <button type="submit" disabled={signIn.isPending} className={buttonClass('primary', 'w-full')}>
        {signIn.isPending ? t('auth.submitting') : t('auth.signInSubmit')}
      </button>
    </form>
  );
}
