import { clsx } from 'clsx';
import { useTranslation } from '../../../lib/use-translation';
import { shortOrderNumber } from '../../../../shared/order-number.js';
import type { ClientLicence, ClientLicenceStatus } from '../../../../shared/schemas/client-licences.js';
import { Alert } from '../../../components/ui/alert';
import { LoadingRegion } from '../../../components/ui/loading-region';
import { errorCodeOf } from '../../../lib/api-client';
import { formatDateTime, formatDay } from '../../../lib/format-date';
import { useOrderLicence } from '../api/get-order-licence';
import { LicenceAccounts } from './licence-accounts';
import { LicenceKey } from './licence-key';
import { LoadError } from '../../../components/ui/load-error';

const statusTones: Record<ClientLicenceStatus, string> = {
  active: 'border-emerald-800 bg-emerald-950/60 text-emerald-200',
  revoked: 'border-red-900 bg-red-950/60 text-red-200',
  expired: 'border-amber-800 bg-amber-950/50 text-amber-200',
};

/** A licence's status and expiry, two entries of a `<dl>`: here and in an order's detail page. */
export function LicenceStatusFacts({ licence }: { licence: Pick<ClientLicence, 'status' | 'expires_at'> }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <div>
        <dt className="text-slate-400">{t('licencePage.status.label')}</dt>
        <dd className="mt-1">
          <span
            className={clsx(
              'inline-flex rounded-full border px-2.5 py-0.5 text-xs font-semibold',
              statusTones[licence.status],
            )}
          >
            {t(`licencePage.status.${licence.status}`)}
          </span>
        </dd>
      </div>
      <div>
        <dt className="text-slate-400">{t('licencePage.expiry.label')}</dt>
        <dd className="mt-1 text-slate-100">
          {licence.expires_at === null
            ? t('licencePage.expiry.lifetime')
            : formatDateTime(licence.expires_at, i18n.language)}
        </dd>
      </div>
    </>
  );
}

/** Status, expiry and issue date, side by side on a desktop, stacked on a phone. */
function LicenceFacts({ licence }: { licence: ClientLicence }) {
  const { t, i18n } = useTranslation();
  return (
    <dl className="grid grid-cols-2 gap-4 rounded-xl border border-slate-800 bg-slate-900 p-4 text-sm sm:p-5">
      <LicenceStatusFacts licence={licence} />
      <p className="col-span-2 text-xs text-slate-400">
        {t('licencePage.issued', { date: formatDay(licence.created_at, i18n.language) })}
      </p>
    </dl>
  );
}

/** How to use the key: short, for the buyer at their terminal. */
function LicenceHowTo() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="licence-how-to-heading" className="rounded-xl border border-slate-800 p-4 sm:p-5">
      <h2 id="licence-how-to-heading" className="font-semibold text-white">
        {t('licencePage.howTo.heading')}
      </h2>
      <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm text-slate-300">
        <li>{t('licencePage.howTo.paste')}</li>
        <li>{t('licencePage.howTo.allow', { url: window.location.origin })}</li>
        <li>{t('licencePage.howTo.accounts')}</li>
      </ol>
      <p className="mt-3 text-sm text-slate-400">{t('licencePage.howTo.python')}</p>
    </section>
  );
}

/**
 * The licence of one of the client's orders (issue 18 §2): its key to copy, status and expiry,
 * the trading accounts using it with "Free this slot", and how to use the key.
 */
export function OrderLicence({ orderId }: { orderId: string }) {
  const { t, i18n } = useTranslation();
  const query = useOrderLicence(orderId);
  if (query.isPending) return <LoadingRegion />;
  if (query.isError) {
    const code = errorCodeOf(query.error);
    if (code === 'no_licence' || code === 'not_found')
      return (
        <p className="mt-6 text-slate-300">
          {t(code === 'no_licence' ? 'licencePage.noLicence' : 'licencePage.notFound')}
        </p>
      );
    return <LoadError className="mt-6" message={t('licencePage.loadError')} onRetry={() => void query.refetch()} />;
  }
  const licence = query.data;
  return (
    <div className="mt-6 flex flex-col gap-6">
      <p className="text-slate-300">
        {t('licencePage.order', { robot: licence.robot_name, number: shortOrderNumber(licence.order_id) })}
      </p>
      {licence.status === 'revoked' && <Alert tone="error">{t('licencePage.revokedNotice')}</Alert>}
      {licence.status === 'expired' && (
        <Alert tone="warning">
          {t('licencePage.expiredNotice', { date: formatDateTime(licence.expires_at, i18n.language) })}
        </Alert>
      )}
      {/* A phone reads key, status, accounts, how-to; a desktop puts status and how-to on the right. */}
      <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
        <div className="min-w-0 lg:col-span-2">
          <LicenceKey value={licence.key} />
        </div>
        <div className="min-w-0">
          <LicenceFacts licence={licence} />
        </div>
        <div className="min-w-0 lg:col-span-2">
          <LicenceAccounts licence={licence} />
        </div>
        <div className="min-w-0">
          <LicenceHowTo />
        </div>
      </div>
    </div>
  );
}
