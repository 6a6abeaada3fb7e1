import { useId, useState } from 'react';
import { useTranslation } from '../../../../lib/use-translation';
import type { AuditEntry } from '../../../../../shared/schemas/audit.js';
import { DataTable, type DataTableColumn } from '../../../../components/admin/data-table';
import { buttonClass } from '../../../../components/ui/button-classes';
import { formatDateTime } from '../../../../lib/format-date';
import { activitySearch, useActivity, type ActivityFilters } from '../../api/admin/get-activity';

const RESOURCES = [
  'robot',
  'category',
  'banner',
  'faq',
  'page',
  'settings',
  'user',
  'image',
  'order',
  'licence',
] as const;
const PAGE_SIZE = 25;

function describeChanges(changes: AuditEntry['changes']): string {
  return Object.entries(changes)
    .map(([field, { from, to }]) => `${field}: ${JSON.stringify(from)} → ${JSON.stringify(to)}`)
    .join('; ');
}

/** The Activity page: who changed what in the back office, filtered, paged by the server, as CSV. */
export function ActivityLog() {
  const { t, i18n } = useTranslation();
  const ids = { resource: useId(), actor: useId(), from: useId(), to: useId() };
  const [filters, setFilters] = useState<ActivityFilters>({});
  const [pagination, setPagination] = useState({ pageIndex: 0, pageSize: PAGE_SIZE });
  const activity = useActivity({ ...filters, page: pagination.pageIndex, pageSize: pagination.pageSize });
  const filter = (change: ActivityFilters) => {
    setFilters((current) => ({ ...current, ...change }));
    setPagination((current) => ({ ...current, pageIndex: 0 }));
  };

  const columns: DataTableColumn<AuditEntry>[] = [
    {
      id: 'when',
      header: t('backOffice.activity.when'),
      cell: (entry) => formatDateTime(entry.created_at, i18n.language),
      className: 'whitespace-nowrap',
    },
    { id: 'who', header: t('backOffice.activity.who'), cell: (entry) => entry.actor_email, className: 'break-all' },
    { id: 'action', header: t('backOffice.activity.action'), cell: (entry) => `${entry.action} · ${entry.resource}` },
    {
      id: 'record',
      header: t('backOffice.activity.record'),
      cell: (entry) => entry.summary || entry.record_id || t('common.noValue'),
      className: 'font-medium text-white',
    },
    {
      id: 'changes',
      header: t('backOffice.activity.changes'),
      cell: (entry) => (
        <span className="line-clamp-3 text-xs break-all">{describeChanges(entry.changes) || t('common.noValue')}</span>
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
            {RESOURCES.map((resource) => (
              <option key={resource} value={resource}>
                {t(`backOffice.activity.resources.${resource}`)}
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
            onChange={(event) => filter({ from: event.target.value || undefined })}
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
            onChange={(event) => filter({ to: event.target.value || undefined })}
            className={inputClass}
          />
        </div>
        <a href={`/api/admin/audit/export?${activitySearch(filters)}`} download className={buttonClass('secondary')}>
          {t('backOffice.activity.export')}
        </a>
      </div>
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
