import { Download, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { downloadableStatus } from '../../../../shared/order-states.js';
import type { Order, OrderVersion } from '../../../../shared/schemas/orders.js';
import { buttonClass } from '../../../components/ui/button-classes';
import { errorCodeOf } from '../../../lib/api-client';
import { useRequestDownload } from '../api/request-download';

/** SPEC §8's download messages for what went wrong. */
function downloadErrorKey(error: unknown): {
  key: 'orders.myOrders.unavailable' | 'orders.myOrders.noLink' | 'orders.myOrders.downloadError';
  message?: string;
} {
  if (errorCodeOf(error) === 'file_unavailable') return { key: 'orders.myOrders.unavailable' };
  return { key: 'orders.myOrders.downloadError', message: error instanceof Error ? error.message : String(error) };
}

/**
 * Downloads a version of the robot (its current one unless `version` says which): at most 2 times
 * per version (SPEC §5, decision 0018). The button shows what is left.
 */
export function DownloadButton({ order, version = order.versions[0] }: { order: Order; version?: OrderVersion }) {
  const { t } = useTranslation();
  const download = useRequestDownload();
  const [error, setError] = useState<string | null>(null);
  if (order.status !== downloadableStatus || !version)
    return <span className="text-sm text-slate-500">{t('common.noValue')}</span>;
  if (version.downloads_remaining <= 0) {
    return (
      <button type="button" disabled className={buttonClass('secondary', 'h-9 text-xs opacity-70')}>
        {t('orders.myOrders.limitReached')}
      </button>
    );
  }
  return (
    <div className="flex flex-col items-start gap-1">
      <button
        type="button"
        disabled={download.isPending}
        className={buttonClass('primary', 'h-9 text-xs')}
        onClick={() => {
          setError(null);
          download.mutate(
            { orderId: order.id, versionId: version.id },
            {
              onSuccess: (link) => {
                if (!link.url) setError(t('orders.myOrders.noLink'));
                // An attachment: the browser saves it and stays on this page.
                else window.location.assign(link.url);
              },
              onError: (cause) => {
                const { key, message } = downloadErrorKey(cause);
                setError(t(key, { message }));
              },
            },
          );
        }}
      >
        {download.isPending ? (
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <Download aria-hidden="true" className="size-4" />
        )}
        {t('orders.myOrders.download', { count: version.downloads_remaining })}
      </button>
      {error && (
        <p role="alert" className="max-w-48 text-xs text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
