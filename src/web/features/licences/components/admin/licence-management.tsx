import { Eye } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from '../../../../lib/use-translation';
import {
  ADMIN_LICENCES_PAGE_SIZE,
  adminLicenceStatuses,
  maskedLicenceKey,
  type AdminLicence,
  type AdminLicenceStatus,
} from '../../../../../shared/schemas/licences-admin.js';
import { DataTable, type DataTableColumn } from '../../../../components/admin/data-table';
import { iconButtonClass } from '../../../../components/admin/icon-button-class';
import { formatDateTime } from '../../../../lib/format-date';
import { useAdminLicences, type AdminLicencesFilter } from '../../api/admin/get-admin-licences';
import { LicenceDetailDialog } from './licence-detail-dialog';
import { LicenceExpiry, LicenceStatusBadge } from './licence-status';

/**
 * The owner's Licences page (issue 18 §2): every licence, searched and paged by the server (by the
 * key's last group or the whole key, the client's email, an account, the robot or the order
 * number), filtered by status; a licence opens in a dialog with its accounts, its robots' checks
 * and the owner's actions.
 */
export function LicenceManagement() {
  const { t, i18n } = useTranslation();
  const statusId = useId();
  const [filter, setFilter] = useState<AdminLicencesFilter>({ status: '', q: '', page: 1 });
  const [openId, setOpenId] = useState<string | null>(null);
  const licences = useAdminLicences(filter);

  const columns: DataTableColumn<AdminLicence>[] = [
    {
      // The first column opens the licence: on a phone it is the one in view.
      id: 'key',
      header: t('adminLicences.columns.key'),
      cell: (licence) => (
        <span className="flex flex-col items-start gap-1">
          <button
            type="button"
            onClick={() => setOpenId(licence.id)}
            className="font-mono whitespace-nowrap text-emerald-300 underline-offset-4 hover:underline"
          >
            {maskedLicenceKey(licence.key_suffix)}
          </button>
          <span className="text-xs text-slate-400">{licence.robot_name}</span>
        </span>
      ),
    },
    {
      id: 'client',
      header: t('adminLicences.columns.client'),
      cell: (licence) => licence.client_email ?? t('common.noValue'),
      className: 'min-w-44 break-words text-white',
    },
    {
      id: 'status',
      header: t('adminLicences.columns.status'),
      cell: (licence) => (
        <span className="flex flex-col items-start gap-1">
          <LicenceStatusBadge licence={licence} />
          <span className="text-xs whitespace-nowrap text-slate-400">
            <LicenceExpiry licence={licence} />
          </span>
        </span>
      ),
    },
    {
      id: 'slots',
      header: t('adminLicences.columns.slots'),
      cell: (licence) => (
        <span className="flex flex-col">
          <span>{t('adminLicences.slotsReal', licence.slots.real)}</span>
          <span>{t('adminLicences.slotsDemo', licence.slots.demo)}</span>
        </span>
      ),
      className: 'whitespace-nowrap tabular-nums',
    },
    {
      id: 'lastCheck',
      header: t('adminLicences.columns.lastCheck'),
      cell: (licence) => formatDateTime(licence.last_check_at, i18n.language) ?? t('adminLicences.never'),
      className: 'whitespace-nowrap',
    },
  ];

  return (
    <>
      <p className="mt-2 max-w-3xl text-sm text-slate-400">{t('adminLicences.searchHint')}</p>
      <DataTable
        label={t('adminLicences.title')}
        rows={licences.data?.items}
        columns={columns}
        getRowId={(licence) => licence.id}
        query={licences}
        emptyMessage={t('adminLicences.empty')}
        searchable
        toolbar={
          <div className="flex flex-col gap-1">
            <label htmlFor={statusId} className="text-sm font-medium text-slate-300">
              {t('adminLicences.filter')}
            </label>
            <select
              id={statusId}
              value={filter.status}
              onChange={(event) =>
                setFilter({ ...filter, status: event.target.value as AdminLicenceStatus | '', page: 1 })
              }
              className="h-11 rounded-lg border border-slate-700 bg-slate-950 px-3 text-slate-100"
            >
              <option value="">{t('adminLicences.allStatuses')}</option>
              {adminLicenceStatuses.map((status) => (
                <option key={status} value={status}>
                  {t(`adminLicences.status.${status}`)}
                </option>
              ))}
            </select>
          </div>
        }
        server={{
          rowCount: licences.data?.total ?? 0,
          pagination: { pageIndex: filter.page - 1, pageSize: ADMIN_LICENCES_PAGE_SIZE },
          onPaginationChange: (next) => setFilter({ ...filter, page: next.pageIndex + 1 }),
          sorting: [],
          onSortingChange: () => undefined,
          search: filter.q,
          onSearchChange: (q) => setFilter({ ...filter, q, page: 1 }),
        }}
        rowActions={(licence) => (
          <button
            type="button"
            className={iconButtonClass()}
            aria-label={t('adminLicences.open', { key: maskedLicenceKey(licence.key_suffix) })}
            onClick={() => setOpenId(licence.id)}
          >
            <Eye aria-hidden="true" className="size-4" />
          </button>
        )}
      />
      <LicenceDetailDialog licenceId={openId} onOpenChange={(open) => !open && setOpenId(null)} />
    </>
  );
}
