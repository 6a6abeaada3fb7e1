import { useState } from 'react';
import { useTranslation } from '../../../../lib/use-translation';
import { SUBSCRIBERS_PAGE_SIZE, type SubscriberRow } from '../../../../../shared/schemas/newsletter.js';
import { ConfirmDialog } from '../../../../components/admin/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../../components/admin/data-table';
import { withToasts } from '../../../../components/admin/toasts';
import { buttonClass } from '../../../../components/ui/button-classes';
import { EmailAddress } from '../../../../components/ui/email-address';
import { formatDateTime } from '../../../../lib/format-date';
import { useDeleteSubscribers } from '../../api/admin/delete-subscribers';
import { subscribersExportUrl } from '../../api/admin/export-subscribers';
import { useSubscribers } from '../../api/admin/get-subscribers';
import { emptySelection, isSelected, selectedCount, toApiSelection, toggleRows, type Selection } from './selection';
import { ComposeDialog } from './compose-dialog';

/** SPEC §2 Newsletter management: the subscriber table with selection, send, export and delete. */
export function SubscribersPanel() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [pageIndex, setPageIndex] = useState(0);
  const [selection, setSelection] = useState<Selection>(emptySelection);
  const [composing, setComposing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const subscribers = useSubscribers(search.trim(), pageIndex + 1);
  const deleteSubscribers = useDeleteSubscribers();

  const rows = subscribers.data?.items ?? [];
  const total = subscribers.data?.total ?? 0;
  const pageIds = rows.map((row) => row.id);
  const count = selectedCount(selection);
  const pageSelected = pageIds.length > 0 && pageIds.every((id) => isSelected(selection, id));

  function changeSearch(next: string) {
    setSearch(next);
    setPageIndex(0);
    // A selection made under another search would no longer be what the reader sees.
    setSelection(emptySelection);
  }

  async function remove() {
    await withToasts(
      deleteSubscribers.mutateAsync(toApiSelection(selection)),
      t('newsletterManagement.subscribers.deleted', { count }),
      t('newsletterManagement.subscribers.deleteFailed'),
    );
    setSelection(emptySelection);
  }

  const columns: DataTableColumn<SubscriberRow>[] = [
    {
      id: 'select',
      header: t('newsletterManagement.subscribers.columns.select'),
      cell: (row) => (
        <input
          type="checkbox"
          className="size-5 accent-emerald-500"
          aria-label={t('newsletterManagement.subscribers.selectOne', { email: row.email })}
          checked={isSelected(selection, row.id)}
          onChange={(event) => setSelection(toggleRows(selection, pageIds, [row.id], event.target.checked))}
        />
      ),
      className: 'w-12',
    },
    {
      id: 'email',
      header: t('newsletterManagement.subscribers.columns.email'),
      cell: (row) => <EmailAddress address={row.email} />,
      className: 'font-medium text-white',
    },
    {
      id: 'status',
      header: t('newsletterManagement.subscribers.columns.status'),
      cell: (row) =>
        row.confirmed ? t('newsletterManagement.subscribers.confirmed') : t('newsletterManagement.subscribers.pending'),
      className: 'whitespace-nowrap',
    },
    {
      id: 'created',
      header: t('newsletterManagement.subscribers.columns.created'),
      cell: (row) => formatDateTime(row.created_date, i18n.language) ?? t('common.noValue'),
      className: 'whitespace-nowrap',
    },
  ];

  const exportHref = subscribersExportUrl(toApiSelection(selection));
  const toolbar = (
    <>
      <button
        type="button"
        disabled={count === 0}
        onClick={() => setComposing(true)}
        className={buttonClass('primary')}
      >
        {t('newsletterManagement.subscribers.send', { count })}
      </button>
      {count === 0 ? (
        <button type="button" disabled className={buttonClass('secondary', 'opacity-50')}>
          {t('newsletterManagement.subscribers.export', { count })}
        </button>
      ) : (
        <a href={exportHref} download className={buttonClass('secondary')}>
          {t('newsletterManagement.subscribers.export', { count })}
        </a>
      )}
      <button
        type="button"
        disabled={count === 0}
        onClick={() => setConfirmingDelete(true)}
        className={buttonClass('secondary', 'text-red-300 disabled:opacity-50')}
      >
        {t('newsletterManagement.subscribers.delete', { count })}
      </button>
    </>
  );

  return (
    <section aria-labelledby="newsletter-subscribers" className="flex flex-col">
      <h2 id="newsletter-subscribers" className="text-xl font-bold text-white">
        {t('newsletterManagement.subscribers.title', { count: total })}
      </h2>
      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-300">
        {/* With no subscriber on the page there is nothing to select: no checkbox that looks usable. */}
        {pageIds.length > 0 && (
          <label className="inline-flex min-h-11 items-center gap-3">
            <input
              type="checkbox"
              className="size-5 accent-emerald-500"
              checked={pageSelected}
              onChange={(event) => setSelection(toggleRows(selection, pageIds, pageIds, event.target.checked))}
            />
            {t('newsletterManagement.subscribers.selectPage')}
          </label>
        )}
        {pageSelected && selection.kind === 'ids' && total > rows.length && (
          <button
            type="button"
            onClick={() => setSelection({ kind: 'all', q: search.trim(), total })}
            className="min-h-11 font-semibold text-emerald-300 underline-offset-4 hover:underline"
          >
            {t('newsletterManagement.subscribers.selectAll', { count: total })}
          </button>
        )}
        {selection.kind === 'all' && (
          <span>{t('newsletterManagement.subscribers.allSelected', { count: selection.total })}</span>
        )}
        {count > 0 && (
          <button
            type="button"
            onClick={() => setSelection(emptySelection)}
            className="min-h-11 text-slate-400 underline-offset-4 hover:text-white hover:underline"
          >
            {t('newsletterManagement.subscribers.clearSelection')}
          </button>
        )}
      </div>
      <DataTable
        label={t('newsletterManagement.subscribers.label')}
        rows={rows}
        columns={columns}
        getRowId={(row) => row.id}
        query={subscribers}
        emptyMessage={t('newsletterManagement.subscribers.empty')}
        searchable
        pageSize={SUBSCRIBERS_PAGE_SIZE}
        toolbar={toolbar}
        server={{
          rowCount: total,
          pagination: { pageIndex, pageSize: SUBSCRIBERS_PAGE_SIZE },
          onPaginationChange: (next) => setPageIndex(next.pageIndex),
          sorting: [],
          onSortingChange: () => undefined,
          search,
          onSearchChange: changeSearch,
        }}
      />
      {composing && (
        <ComposeDialog open onOpenChange={setComposing} selection={toApiSelection(selection)} count={count} />
      )}
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title={t('newsletterManagement.subscribers.deleteTitle')}
        message={t('newsletterManagement.subscribers.deleteQuestion', { count })}
        confirmLabel={t('newsletterManagement.subscribers.delete', { count })}
        onConfirm={remove}
      />
    </section>
  );
}
