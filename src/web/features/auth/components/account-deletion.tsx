import { useTranslation } from '../../../lib/use-translation';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button-classes';
import { ApiError } from '../../../lib/api-client';
import { useNavigate } from '../../../lib/router';
import { useDeleteAccount } from '../api/manage-account';
import { useAuthModal } from '../auth-modal';
import { useFormFields } from '../use-form-fields';
import { validatePasswordConfirmation } from '../validation';
import { AccountSection } from './account-section';
import { FormField } from './form-field';

/** Deleting asks for the password again; the orders stay with the shop without personal data. */
export function AccountDeletion() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const authModal = useAuthModal();
  const form = useFormFields({ password: '' }, validatePasswordConfirmation);
  const remove = useDeleteAccount();
  const error = remove.error instanceof ApiError ? remove.error : null;
  const message =
    error?.fields?.password === 'incorrect'
      ? t('account.delete.wrongPassword')
      : error?.status === 403
        ? t('account.delete.lastAdmin')
        : t('auth.messages.requestFailed');
  return (
    <AccountSection title={t('account.delete.heading')} tone="danger">
      <p className="text-sm text-slate-300">{t('account.delete.explanation')}</p>
      <form
        noValidate
        onSubmit={(event) => {
          if (!form.check(event)) return;
          // mutateAsync, not mutate's callbacks: clearing the user unmounts this form before they would run.
          remove.mutateAsync({ password: form.values.password }).then(
            () => {
              authModal.notify('accountDeleted');
              navigate('/');
            },
            () => undefined,
          );
        }}
        className="flex flex-col gap-4"
      >
        {remove.isError && <Alert tone="error">{message}</Alert>}
        <FormField
          fields={form}
          name="password"
          label={t('account.delete.password')}
          type="password"
          autoComplete="current-password"
        />
        <button type="submit" disabled={remove.isPending} className={buttonClass('danger', 'self-start')}>
          {remove.isPending ? t('auth.submitting') : t('account.delete.submit')}
        </button>
      </form>
    </AccountSection>
  );
}
