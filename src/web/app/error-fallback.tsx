import { useTranslation } from '../lib/use-translation';
import { buttonClass } from '../components/ui/button-classes';
import { PageShell } from '../components/ui/page-shell';

/**
 * Shown when a page throws or its chunk fails to load; the usual cause is a new release having
 * replaced the hashed chunk names, which a reload resolves.
 */
export function ErrorFallback() {
  const { t } = useTranslation();
  return (
    <PageShell title={t('errors.pageTitle')}>
      <p className="mt-4 text-slate-300">{t('errors.pageMessage')}</p>
      <button type="button" onClick={() => window.location.reload()} className={buttonClass('primary', 'mt-6')}>
        {t('errors.reload')}
      </button>
    </PageShell>
  );
}
