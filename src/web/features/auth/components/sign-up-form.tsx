import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button-classes';
import { useSignUpEmail } from '../api/sign-up-email';
import { signUpErrorMessage } from '../auth-errors';
import { useFormFields } from '../use-form-fields';
import { validateSignUp } from '../validation';
import { FormField } from './form-field';

const emptySignUp = { fullName: '', email: '', password: '', confirmPassword: '' };

/** SPEC §4: success shows a message and clears the form; the account is confirmed by email. */
export function SignUpForm() {
  const { t } = useTranslation();
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
      <FormField fields={form} name="fullName" label={t('auth.fields.fullName')} autoComplete="name" />
      <FormField fields={form} name="email" label={t('auth.fields.email')} type="email" autoComplete="email" />
      <FormField fields={form} name="password" label={t('auth.fields.password')} type="password" autoComplete="new-password" />
      <FormField fields={form} name="confirmPassword" label={t('auth.fields.confirmPassword')} type="password" autoComplete="new-password" />
      <button type="submit" disabled={signUp.isPending} className={buttonClass('primary', 'w-full')}>
        {signUp.isPending ? t('auth.submitting') : t('auth.signUpSubmit')}
      </button>
    </form>
  );
}
