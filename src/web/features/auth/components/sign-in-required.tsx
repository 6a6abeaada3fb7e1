import { useTranslation } from '../../../lib/use-translation';
import { buttonClass } from '../../../components/ui/button-classes';
import { PageShell } from '../../../components/ui/page-shell';
import { useAuthModal } from '../auth-modal';

/** What a page for signed-in users shows to a visitor: why, and a way to sign in right there. */
export function SignInRequired({ title, prompt }: { title: string; prompt: string }) {
  const { t } = useTranslation();
  const authModal = useAuthModal();
  return (
    <PageShell title={title}>
      <p className="mt-4 text-slate-300">{prompt}</p>
      <button type="button" onClick={() => authModal.open('signin')} className={buttonClass('primary', 'mt-6')}>
        {t('auth.signIn')}
      </button>
    </PageShell>
  );
}
