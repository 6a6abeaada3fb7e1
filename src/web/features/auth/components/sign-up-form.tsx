import { useTranslation } from '../../../lib/use-translation';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button-classes';
import { useSignUpEmail } from '../api/sign-up-email';
import { signUpErrorMessage } from '../auth-errors';
import { useFormFields } from '../use-form-fields';
import { validateSignUp } from '../validation';
import { FormField } from './form-field';

const emptySignUp = { fullName: '', email: '', password: '', confirmPassword: '' };

/**
 * One outcome at a time. When the shop requires email confirmation, the new account is not signed
 * in: the form clears and says so (SPEC §8's message). Otherwise better-auth has signed it in, and
 * `onSignedIn` closes the dialog with a notice.
 */
export function SignUpForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const form = useFormFields(emptySignUp, validateSignUp);
  const signUp = useSignUpEmail();

  return (
    <form
      noValidate
      onSubmit={(event) => {
        if (!form.check(event)) return;
        const { fullName, email, password } = form.values;
        signUp.mutate(
          { name: fullName.trim(), email: email.trim(), password },
          { onSuccess: (result) => (result.token === null ? form.reset() : onSignedIn()) },
        );
      }}
      className="flex flex-col gap-4"
    >
      {signUp.isError && <Alert tone="error">{t(`auth.messages.${signUpErrorMessage(signUp.error)}`)}</Alert>}
      {signUp.isSuccess && signUp.data.token === null && (
        <Alert tone="success">{t('auth.messages.signUpSuccess')}</Alert>
      )}
      <FormField fields={form} name="fullName" label={t('auth.fields.fullName')} autoComplete="name" />
      <FormField fields={form} name="email" label={t('auth.fields.email')} type="email" autoComplete="email" />
      <FormField
        fields={form}
        name="password"
        label={t('auth.fields.password')}
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
      <button type="submit" disabled={signUp.isPending} className={buttonClass('primary', 'w-full')}>
        {signUp.isPending ? t('auth.submitting') : t('auth.signUpSubmit')}
      </button>
    </form>
  );
}
