import { useTranslation } from '../lib/use-translation';
import { LoadingRegion } from '../components/ui/loading-region';
import { PageShell } from '../components/ui/page-shell';
import { AccountDeletion } from '../features/auth/components/account-deletion';
import { EmailForm, NameForm, PasswordForm } from '../features/auth/components/account-profile-forms';
import { AccountSessions } from '../features/auth/components/account-sessions';
import { SignInRequired } from '../features/auth/components/sign-in-required';
import { useCurrentUser } from '../features/auth/use-current-user';

/** `/Account`: a signed-in user's name, email, password, devices, and the deletion of the account. */
export default function AccountPage() {
  const { t } = useTranslation();
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <LoadingRegion />;
  if (user === null) return <SignInRequired title={t('account.title')} prompt={t('account.signInPrompt')} />;
  return (
    <PageShell title={t('account.title')}>
      <div className="mt-8 grid max-w-5xl gap-6 lg:grid-cols-2 lg:items-start">
        <div className="flex flex-col gap-6">
          {/* Keyed by user: after an email or name change the forms start from the new values. */}
          <NameForm key={`name-${user.full_name ?? ''}`} user={user} />
          <EmailForm user={user} />
          <PasswordForm />
        </div>
        <div className="flex flex-col gap-6">
          <AccountSessions />
          <AccountDeletion />
        </div>
      </div>
    </PageShell>
  );
}
