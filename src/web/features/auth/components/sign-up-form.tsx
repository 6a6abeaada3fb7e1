import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button-classes';
import { TextField } from '../../../components/ui/text-field';
import { useSignUpEmail } from '../api/sign-up-email';
import { signUpErrorMessage } from '../auth-errors';
import { useFormFields } from '../use-form-fields';
import { validateSignUp } from '../validation';
import { useFieldMessage } from './field-message';

const emptySignUp = { fullName: '', email: '', password: '', confirmPassword: '' };

/** SPEC §4: success shows a message and clears the form; the account is confirmed by email. */
export function SignUpForm() {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  const form = useFormFields(emptySignUp, validateSignUp);
  const signUp = useSignUpEmail();

  return (
    <form
      noValidate
      onSubmit={(event) => {
        if (!form.check(event)) return;
        const { fullName, email, password } = form.values;
        signUp.mutate({ name: fullName.trim(), email: email.trim(), password }, { onSuccess: form.reset });
      }}
      className="flex flex-col gap-4"
    >
      {signUp.isError && <Alert tone="error">{t(`auth.messages.${signUpErrorMessage(signUp.error)}`)}</Alert>}
      {signUp.isSuccess && <Alert tone="success">{t('auth.messages.signUpSuccess')}</Alert>}
      <TextField
        label={t('auth.fields.fullName')}
        autoComplete="name"
        required
        error={fieldMessage(form.errors.fullName)}
        {...form.inputProps('fullName')}
      />
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
        autoComplete="new-password"
        required
        error={fieldMessage(form.errors.password)}
        {...form.inputProps('password')}
      />
      <TextField
        label={t('auth.fields.confirmPassword')}
        type="password"
        autoComplete="new-password"
        required
        error={fieldMessage(form.errors.confirmPassword)}
        {...form.inputProps('confirmPassword')}
      />
      <button type="submit" disabled={signUp.isPending} className={buttonClass('primary', 'w-full')}>
        {signUp.isPending ? t('auth.submitting') : t('auth.signUpSubmit')}
      </button>
    </form>
  );
}
