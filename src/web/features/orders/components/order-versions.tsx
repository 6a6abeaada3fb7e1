import { useTranslation } from '../../../lib/use-translation';
import type { Order } from '../../../../shared/schemas/orders.js';
import { RichText } from '../../../components/ui/rich-text';
import { formatDay } from '../../../lib/format-date';
import { DownloadButton } from './download-button';

/**
 * Every version an order holds (decision 0018), newest first: its label, date, the release notes
 * that came with it, and a download button with its own remaining downloads.
 */
export function OrderVersions({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  return (
    <ol className="space-y-3" aria-label={t('orders.myOrders.versionsOf', { robot: order.robot_name })}>
      {order.versions.map((version, index) => (
        <li key={version.id} className="rounded-lg border border-slate-800 bg-slate-900/60 p-3">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <p className="font-semibold text-white">
                {t('orders.myOrders.version', { label: version.label })}
                {index === 0 && (
                  <span className="ml-2 rounded-full bg-emerald-950/60 px-2 py-0.5 text-xs font-semibold text-emerald-300">
                    {t('orders.myOrders.currentVersion')}
                  </span>
                )}
              </p>
              <p className="text-sm text-slate-400">
                {t('orders.myOrders.deliveredOn', { date: formatDay(version.created_at, i18n.language) })} ·{' '}
                {version.file_name}
              </p>
            </div>
            <DownloadButton order={order} version={version} />
          </div>
          <RichText html={version.notes} className="mt-2 text-sm leading-6" />
        </li>
      ))}
    </ol>
  );
}
