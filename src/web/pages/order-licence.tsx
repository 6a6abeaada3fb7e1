import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { pagePath } from '../../shared/pages.js';
import { LoadingRegion } from '../components/ui/loading-region';
import { PageShell } from '../components/ui/page-shell';
import { SignInRequired } from '../features/auth/components/sign-in-required';
import { useCurrentUser } from '../features/auth/use-current-user';
import { OrderLicence } from '../features/licences/components/order-licence';
import { Link, useSearchParams } from '../lib/router';

/**
 * `/OrderLicence?orderId=…`: the licence of one of the signed-in client's orders, reached from My
 * Orders. The server answers only the order's own client (another order is "not found").
 */
export default function OrderLicencePage() {
  const { t } = useTranslation();
  const { user, isLoading } = useCurrentUser();
  const [searchParams] = useSearchParams();
  const orderId = searchParams.get('orderId')?.trim() ?? '';
  if (isLoading) return <LoadingRegion />;
  if (user === null) return <SignInRequired title={t('licencePage.title')} prompt={t('licencePage.signInPrompt')} />;
  return (
    <PageShell title={t('licencePage.title')}>
      <Link
        to={pagePath('Dashboard')}
        className="mt-3 inline-flex items-center gap-1.5 text-sm text-slate-400 underline-offset-4 hover:text-white hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('licencePage.back')}
      </Link>
      {orderId === '' ? (
        <p className="mt-6 text-slate-300">{t('licencePage.missingOrder')}</p>
      ) : (
        <OrderLicence key={orderId} orderId={orderId} />
      )}
      {/*
        The order's versions (releases, issue 18 §1) go here, below the licence, as a section of
        their own with its own heading; the licence above is complete without them.
      */}
    </PageShell>
  );
}
