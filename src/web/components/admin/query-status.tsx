import { useTranslation } from '../../lib/use-translation';
import { Alert } from '../ui/alert';
import { buttonClass } from '../ui/button-classes';

/** The query behind a page or a table: its states drive the loading and error views. */
export type StatusQuery = { isPending: boolean; isError: boolean; refetch: () => unknown };

/** What a page shows instead of its content while its data loads, or when loading failed. */
export function QueryStatus({ query, className }: { query: StatusQuery; className?: string }) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <p role="status" className={className ?? 'p-6 text-center text-slate-400'}>
        {t('backOffice.table.loading')}
      </p>
    );
  }
  if (query.isError) {
    return (
      <Alert tone="error" className={className ?? 'm-4'}>
        {t('backOffice.table.loadError')}
        <button type="button" onClick={() => void query.refetch()} className={buttonClass('secondary', 'mt-3 flex')}>
          {t('common.retry')}
        </button>
      </Alert>
    );
  }
  return null;
}
