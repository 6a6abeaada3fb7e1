import { useTranslation } from '../lib/use-translation';
import { useSearchParams } from '../lib/router';
import { PageShell } from '../components/ui/page-shell';
import { InvalidResetLink, ResetPasswordForm } from '../features/auth/components/reset-password-form';

/** Where the password reset email leads: `?token=…`, or `?error=INVALID_TOKEN` for a bad link. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return (
    <PageShell title={t('auth.resetPassword.title')}>
      {token && !searchParams.has('error') ? <ResetPasswordForm token={token} /> : <InvalidResetLink />}
    </PageShell>
  );
}
