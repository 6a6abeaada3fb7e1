import { useTranslation } from '../../../lib/use-translation';
import type { CurrentUser } from '../../../../shared/schemas/users.js';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button-classes';
import { ApiError } from '../../../lib/api-client';
import { useChangeEmail, useChangePassword, useUpdateName } from '../api/manage-account';
import { useFormFields } from '../use-form-fields';
import { validateEmail, validateFullName, validatePasswordChange } from '../validation';
import { AccountSection } from './account-section';
import { FormField } from './form-field';

export function NameForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const form = useFormFields({ fullName: user.full_name ?? '' }, validateFullName);
  const update = useUpdateName();
  return (
    <AccountSection title={t('account.profile.heading')}>
      <form
        noValidate
        onSubmit={(event) => form.check(event) && update.mutate(form.values.fullName.trim())}
        className="flex flex-col gap-4"
      >
        {update.isSuccess && <Alert tone="success">{t('account.profile.saved')}</Alert>}
        {update.isError && <Alert tone="error">{t('auth.messages.requestFailed')}</Alert>}
        <FormField fields={form} name="fullName" label={t('account.profile.name')} autoComplete="name" />
        <button type="submit" disabled={update.isPending} className={buttonClass('secondary', 'self-start')}>
          {update.isPending ? t('auth.submitting') : t('account.profile.save')}
        </button>
      </form>
    </AccountSection>
  );
}

export function EmailForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const form = useFormFields({ email: '' }, ({ email }) => validateEmail(email));
  const change = useChangeEmail();
  const requested = change.variables;
  const sameAddress =
    change.error instanceof ApiError &&
    change.error.status === 400 &&
    requested?.toLowerCase() === user.email.toLowerCase();
  return (
    <AccountSection title={t('account.email.heading')}>
      <p className="text-sm text-slate-300">{t('account.email.current', { email: user.email })}</p>
      <form
        noValidate
        onSubmit={(event) => {
          if (form.check(event)) change.mutate(form.values.email.trim(), { onSuccess: form.reset });
        }}
        className="flex flex-col gap-4"
      >
        {change.isSuccess && <Alert tone="success">{t('account.email.sent', { email: requested })}</Alert>}
        {change.isError && (
          <Alert tone="error">{sameAddress ? t('account.email.same') : t('auth.messages.requestFailed')}</Alert>
        )}
        <FormField fields={form} name="email" label={t('account.email.newEmail')} type="email" autoComplete="email" />
        <button type="submit" disabled={change.isPending} className={buttonClass('secondary', 'self-start')}>
          {change.isPending ? t('auth.submitting') : t('account.email.submit')}
        </button>
      </form>
    </AccountSection>
  );
}

export function PasswordForm() {
  const { t } = useTranslation();
  const form = useFormFields({ currentPassword: '', password: '', confirmPassword: '' }, validatePasswordChange);
  const change = useChangePassword();
  const wrongPassword = change.error instanceof ApiError && change.error.status === 400;
  return (
    <AccountSection title={t('account.password.heading')}>
      <form
        noValidate
        onSubmit={(event) => {
          if (form.check(event))
            change.mutate(
              { currentPassword: form.values.currentPassword, newPassword: form.values.password },
              { onSuccess: form.reset },
            );
        }}
        className="flex flex-col gap-4"
      >
        {change.isSuccess && <Alert tone="success">{t('account.password.changed')}</Alert>}
        {change.isError && (
          <Alert tone="error">
            {wrongPassword ? t('account.password.wrongPassword') : t('auth.messages.requestFailed')}
          </Alert>
        )}
        <FormField
          fields={form}
          name="currentPassword"
          label={t('account.password.current')}
          type="password"
          autoComplete="current-password"
        />
        <FormField
          fields={form}
          name="password"
          label={t('account.password.new')}
          type="password"
          autoComplete="new-password"
        />
        <FormField
          fields={form}
          name="confirmPassword"
          label={t('account.password.confirm')}
          type="password"
          autoComplete="new-password"
        />
        <button type="submit" disabled={change.isPending} className={buttonClass('secondary', 'self-start')}>
          {change.isPending ? t('auth.submitting') : t('account.password.submit')}
        </button>
      </form>
    </AccountSection>
  );
}
