import { useId, useState } from 'react';
import { useTranslation } from '../../../../lib/use-translation';
import { dayRangeInOrder, type AuditEntry } from '../../../../../shared/schemas/audit.js';
import { DataTable, type DataTableColumn } from '../../../../components/admin/data-table';
import { buttonClass } from '../../../../components/ui/button-classes';
import { formatDateTime } from '../../../../lib/format-date';
import { useReaderLanguages } from '../../../../lib/use-localized';
import { AUDIT_ENTITIES, type AuditEntityKey } from '../../../../../shared/audit-names.js';
import { activitySearch, useActivity, type ActivityFilters } from '../../api/admin/get-activity';
import { actionName, actorName, describeChanges, recordName } from '../../activity-text';

/** The filter's kinds: every one the server writes (shared/audit-names.ts), by the same names. */
const ENTITY_KEYS = Object.keys(AUDIT_ENTITIES) as AuditEntityKey[];
const PAGE_SIZE = 25;

/** The Activity page: who changed what in the back office, filtered, paged by the server, as CSV. */
export function ActivityLog() {
  const { t, i18n } = useTranslation();
  const reader = useReaderLanguages();
  const ids = { resource: useId(), actor: useId(), from: useId(), to: useId(), range: useId() };
  // What the fields hold, and what the log shows: the same, except that a range which ends before
  // it starts is said at once and not sent (the server would refuse it), so the log keeps showing
  // the last valid filters meanwhile.
  const [filters, setFilters] = useState<ActivityFilters>({});
  const [shown, setShown] = useState<ActivityFilters>({});
  const [pagination, setPagination] = useState({ pageIndex: 0, pageSize: PAGE_SIZE });
  const rangeBackwards = !dayRangeInOrder(filters);
  const activity = useActivity({ ...shown, page: pagination.pageIndex, pageSize: pagination.pageSize });
  const filter = (change: ActivityFilters) => {
    const next = { ...filters, ...change };
    setFilters(next);
    if (dayRangeInOrder(next)) setShown(next);
    setPagination((current) => ({ ...current, pageIndex: 0 }));
  };

  const columns: DataTableColumn<AuditEntry>[] = [
    {
      id: 'when',
      header: t('backOffice.activity.when'),
      cell: (entry) => formatDateTime(entry.created_at, i18n.language),
      className: 'whitespace-nowrap',
    },
    {
      id: 'who',
      header: t('backOffice.activity.who'),
      cell: (entry) => actorName(entry.actor_email, t),
      // Words stay whole (an address is one word): the column is as wide as the longest, and only
      // a word wider than a phone's card breaks.
      className: 'wrap-break-word',
    },
    { id: 'action', header: t('backOffice.activity.action'), cell: (entry) => actionName(entry, t) },
    {
      id: 'record',
      header: t('backOffice.activity.record'),
      cell: (entry) => recordName(entry, t),
      className: 'font-medium text-white',
    },
    {
      id: 'changes',
      header: t('backOffice.activity.changes'),
      cell: (entry) => (
        <span className="line-clamp-3 text-xs wrap-anywhere">
          {describeChanges(entry, t, reader) || t('common.noValue')}
        </span>
      ),
    },
  ];

  const inputClass = 'h-11 rounded-lg border border-slate-700 bg-slate-950 px-3 text-slate-100';
  return (
    <>
      <div role="search" className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end">
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.resource} className="text-sm font-medium text-slate-300">
            {t('backOffice.activity.resource')}
          </label>
          <select
            id={ids.resource}
            value={filters.resource ?? ''}
            onChange={(event) => filter({ resource: event.target.value || undefined })}
            className={inputClass}
          >
            <option value="">{t('backOffice.activity.all')}</option>
            {ENTITY_KEYS.map((entity) => (
              <option key={entity} value={AUDIT_ENTITIES[entity]}>
                {t(`backOffice.activity.resources.${entity}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.actor} className="text-sm font-medium text-slate-300">
            {t('backOffice.activity.who')}
          </label>
          <input
            id={ids.actor}
            type="search"
            value={filters.actor ?? ''}
            onChange={(event) => filter({ actor: event.target.value || undefined })}
            className={inputClass}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.from} className="text-sm font-medium text-slate-300">
            {t('backOffice.activity.from')}
          </label>
          <input
            id={ids.from}
            type="date"
            value={filters.from ?? ''}
            max={filters.to}
            onChange={(event) => filter({ from: event.target.value || undefined })}
            aria-invalid={rangeBackwards || undefined}
            aria-describedby={rangeBackwards ? ids.range : undefined}
            className={inputClass}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.to} className="text-sm font-medium text-slate-300">
            {t('backOffice.activity.to')}
          </label>
          <input
            id={ids.to}
            type="date"
            value={filters.to ?? ''}
            min={filters.from}
            onChange={(event) => filter({ to: event.target.value || undefined })}
            aria-invalid={rangeBackwards || undefined}
            aria-describedby={rangeBackwards ? ids.range : undefined}
            className={inputClass}
          />
        </div>
        <a href={`/api/admin/audit/export?${activitySearch(shown)}`} download className={buttonClass('secondary')}>
          {t('backOffice.activity.export')}
        </a>
      </div>
      {rangeBackwards && (
        <p id={ids.range} role="alert" className="mt-2 text-sm text-red-300">
          {t('backOffice.activity.rangeError')}
        </p>
      )}
      <DataTable
        label={t('backOffice.activity.title')}
        rows={activity.data?.rows}
        columns={columns}
        getRowId={(entry) => entry.id}
        query={activity}
        emptyMessage={t('backOffice.activity.empty')}
        server={{
          rowCount: activity.data?.total ?? 0,
          pagination,
          onPaginationChange: setPagination,
          sorting: [],
          onSortingChange: () => undefined,
          search: '',
          onSearchChange: () => undefined,
        }}
      />
    </>
  );
}
