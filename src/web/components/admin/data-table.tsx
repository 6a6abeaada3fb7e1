import {
  columnFilteringFeature,
  createFilteredRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  filterFn_includesString,
  globalFilteringFeature,
  rowPaginationFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  tableFeatures,
  useTable,
  type ColumnDef,
  type PaginationState,
  type SortingState,
} from '@tanstack/react-table';
import { clsx } from 'clsx';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { iconButtonClass } from './icon-button-class';
import { QueryStatus, type StatusQuery } from './query-status';

/** One column: what a cell shows, and optionally the value it sorts and is searched by. */
export type DataTableColumn<T> = {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Makes the column sortable (and searchable when it is text). */
  value?: (row: T) => string | number | null;
  className?: string;
};

/**
 * Paging, sorting and search done by the server (the orders table has thousands of rows): the
 * table shows `rows` as the current page and reports what the reader asks for.
 */
export type ServerPaging = {
  rowCount: number;
  pagination: PaginationState;
  onPaginationChange: (pagination: PaginationState) => void;
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  search: string;
  onSearchChange: (search: string) => void;
};

export type DataTableProps<T extends Record<string, any>> = {
  /** Names the table for assistive technology. */
  label: string;
  rows: readonly T[] | undefined;
  columns: readonly DataTableColumn<T>[];
  getRowId: (row: T) => string;
  query: StatusQuery;
  emptyMessage: string;
  /** Buttons of one row (edit, delete, move); the column is headed "Actions". */
  rowActions?: (row: T, index: number, rows: readonly T[]) => ReactNode;
  /** Shows a search box over the searchable columns. */
  searchable?: boolean;
  /** False keeps the rows in the order they come (a list read in its order, positions shown). */
  sortable?: boolean;
  pageSize?: number;
  server?: ServerPaging;
  /** Buttons above the table, beside the search box (e.g. "Add"). */
  toolbar?: ReactNode;
};

const features = tableFeatures({
  rowSortingFeature,
  columnFilteringFeature,
  globalFilteringFeature,
  rowPaginationFeature,
  filteredRowModel: createFilteredRowModel(),
  sortedRowModel: createSortedRowModel(),
  paginatedRowModel: createPaginatedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric },
  filterFns: { includesString: filterFn_includesString },
});

const EMPTY: never[] = [];

/** A cell in a phone's card: its column's name (the header, hidden there) on the left, the value on the right. */
/**
 * Whether the table is shown as cards because it is wider than its place (a phone is handled by
 * CSS alone, see styles.css): measured before the browser paints, so a table that does not fit
 * never shows cut off. The width it needed is kept, so it comes back once there is room for it.
 */
function useCardsWhenTooWide(hasRows: boolean) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const [neededWidth, setNeededWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    const table = tableRef.current;
    if (!hasRows || !scroller || !table) return;
    const check = () => {
      if (neededWidth === null) {
        if (scroller.scrollWidth > scroller.clientWidth + 1) setNeededWidth(scroller.scrollWidth);
      } else if (scroller.clientWidth >= neededWidth) {
        setNeededWidth(null);
      }
    };
    check();
    const observer = new ResizeObserver(check);
    observer.observe(scroller);
    observer.observe(table);
    return () => observer.disconnect();
  }, [hasRows, neededWidth]);
  return { scrollerRef, tableRef, cards: neededWidth !== null };
}

const cardCellClass =
  'cards:grid cards:grid-cols-[8rem_minmax(0,1fr)] cards:items-center cards:justify-items-start cards:gap-3 cards:px-0 cards:py-1.5 cards:[overflow-wrap:anywhere] cards:before:text-xs cards:before:font-medium cards:before:text-slate-400 cards:before:[overflow-wrap:anywhere] cards:before:content-[attr(data-label)]';

/**
 * The back office's table (TanStack Table): sortable headers, search, paging, and the loading,
 * error-with-retry and empty states, with the same look on every page. Data and markup are ours;
 * the library only orders, filters and slices rows.
 */
export function DataTable<T extends Record<string, any>>({
  label,
  rows,
  columns,
  getRowId,
  query,
  emptyMessage,
  rowActions,
  searchable = false,
  sortable = true,
  pageSize = 20,
  server,
  toolbar,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const searchId = useId();
  const sortId = useId();
  const [sorting, setSorting] = useState<SortingState>([]);
  const [search, setSearch] = useState('');
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize });

  const tableColumns = useMemo(() => {
    const defs: ColumnDef<typeof features, T, unknown>[] = columns.map((column) => ({
      id: column.id,
      header: column.header,
      accessorFn: column.value ?? (() => null),
      enableSorting: sortable && column.value !== undefined,
      enableGlobalFilter: column.value !== undefined,
      sortFn: 'alphanumeric',
      sortUndefined: 'last',
    }));
    return defs;
  }, [columns, sortable]);

  const sortingState = server?.sorting ?? sorting;
  const paginationState = server?.pagination ?? pagination;
  const searchState = server?.search ?? search;
  const table = useTable({
    features,
    columns: tableColumns,
    data: (rows ?? EMPTY) as T[],
    getRowId: (row: T) => getRowId(row),
    state: { sorting: sortingState, pagination: paginationState, globalFilter: searchState },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sortingState) : updater;
      if (server) server.onSortingChange(next);
      else setSorting(next);
    },
    onPaginationChange: (updater) => {
      const next = typeof updater === 'function' ? updater(paginationState) : updater;
      if (server) server.onPaginationChange(next);
      else setPagination(next);
    },
    onGlobalFilterChange: (updater) => {
      const next = String(typeof updater === 'function' ? updater(searchState) : (updater ?? ''));
      if (server) server.onSearchChange(next);
      else setSearch(next);
    },
    globalFilterFn: 'includesString',
    enableSortingRemoval: true,
    manualPagination: server !== undefined,
    manualSorting: server !== undefined,
    manualFiltering: server !== undefined,
    ...(server ? { rowCount: server.rowCount } : {}),
  });

  const columnById = new Map(columns.map((column) => [column.id, column]));
  const visibleRows = table.getRowModel().rows;
  const hasRows = !query.isPending && !query.isError && visibleRows.length > 0;
  const { scrollerRef, tableRef, cards } = useCardsWhenTooWide(hasRows);
  const total = server ? server.rowCount : table.getFilteredRowModel().rows.length;
  const allRows = (rows ?? EMPTY) as readonly T[];

  let body: ReactNode;
  if (query.isPending || query.isError) {
    body = <QueryStatus query={query} />;
  } else if (visibleRows.length === 0) {
    body = (
      <p className="p-6 text-center text-slate-400">{searchState ? t('backOffice.table.noMatch') : emptyMessage}</p>
    );
  } else {
    body = (
      // Below the md width the same table is a list of cards (one per row: each value beside its
      // column's name, the row's actions at its foot), so nothing hides off-screen on a phone.
      <div ref={scrollerRef} className="overflow-x-auto cards:overflow-visible">
        <table ref={tableRef} className="w-full min-w-[40rem] text-left text-sm cards:block cards:min-w-0">
          <caption className="sr-only">{label}</caption>
          <thead className="bg-slate-900 text-xs tracking-wide text-slate-400 uppercase cards:hidden">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const title = String(header.column.columnDef.header);
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                      className="px-3 py-3 font-semibold"
                    >
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          onClick={header.column.getToggleSortingHandler()}
                          className="inline-flex items-center gap-1 uppercase hover:text-white"
                        >
                          {title}
                          {sorted === 'asc' ? (
                            <ArrowUp aria-hidden="true" className="size-3.5" />
                          ) : sorted === 'desc' ? (
                            <ArrowDown aria-hidden="true" className="size-3.5" />
                          ) : (
                            <ArrowUpDown aria-hidden="true" className="size-3.5 opacity-50" />
                          )}
                        </button>
                      ) : (
                        title
                      )}
                    </th>
                  );
                })}
                {rowActions && (
                  <th scope="col" className="px-3 py-3 text-right font-semibold">
                    {t('backOffice.table.actions')}
                  </th>
                )}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-slate-800 cards:flex cards:flex-col cards:gap-3 cards:divide-y-0 md:cards:grid md:cards:grid-cols-2">
            {visibleRows.map((row) => (
              <tr
                key={row.id}
                className="align-middle cards:block cards:rounded-lg cards:border cards:border-slate-800 cards:bg-slate-900/60 cards:px-3 cards:py-2"
              >
                {row.getAllCells().map((cell) => {
                  const column = columnById.get(cell.column.id)!;
                  return (
                    <td
                      key={cell.id}
                      data-label={column.header}
                      className={clsx('px-3 py-3 text-slate-300', cardCellClass, column.className)}
                    >
                      {column.cell(row.original)}
                    </td>
                  );
                })}
                {rowActions && (
                  <td className="px-3 py-3 cards:mt-1 cards:block cards:border-t cards:border-slate-800 cards:px-0 cards:pt-3 cards:pb-1">
                    <div className="flex justify-end gap-1 cards:flex-wrap cards:gap-2">
                      {rowActions(row.original, allRows.indexOf(row.original), allRows)}
                    </div>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  const pageCount = Math.max(1, table.getPageCount());
  const sortChoices = columns
    .filter((column) => sortable && !server && column.value !== undefined)
    .flatMap((column) => [
      { value: `${column.id}:asc`, label: t('backOffice.table.sortAscending', { column: column.header }) },
      { value: `${column.id}:desc`, label: t('backOffice.table.sortDescending', { column: column.header }) },
    ]);
  return (
    <div className="mt-6 flex flex-col gap-3" data-cards={cards || undefined}>
      {(searchable || toolbar || sortChoices.length > 0) && (
        <div className="flex flex-wrap items-end justify-between gap-3">
          {searchable ? (
            <div className="flex min-w-0 flex-1 flex-col gap-1 max-sm:basis-full sm:max-w-xs">
              <label htmlFor={searchId} className="text-sm font-medium text-slate-300">
                {t('backOffice.table.search')}
              </label>
              <input
                id={searchId}
                type="search"
                value={searchState}
                onChange={(event) => table.setGlobalFilter(event.target.value)}
                className="h-11 rounded-lg border border-slate-700 bg-slate-950 px-3 text-slate-100"
              />
            </div>
          ) : (
            <span />
          )}
          {sortChoices.length > 0 && (
            // The cards have no headers to click: on a phone the sort is chosen here.
            <div className="hidden min-w-0 flex-1 flex-col gap-1 cards:flex sm:max-w-xs">
              <label htmlFor={sortId} className="text-sm font-medium text-slate-300">
                {t('backOffice.table.sortBy')}
              </label>
              <select
                id={sortId}
                value={sortingState[0] ? `${sortingState[0].id}:${sortingState[0].desc ? 'desc' : 'asc'}` : ''}
                onChange={(event) => {
                  const [id, order] = event.target.value.split(':');
                  table.setSorting(id ? [{ id, desc: order === 'desc' }] : []);
                }}
                className="h-11 rounded-lg border border-slate-700 bg-slate-950 px-3 text-slate-100"
              >
                <option value="">{t('backOffice.table.unsorted')}</option>
                {sortChoices.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </select>
            </div>
          )}
          {toolbar && <div className="flex flex-wrap gap-2">{toolbar}</div>}
        </div>
      )}
      {/* A phone's cards have borders of their own. */}
      <section aria-label={label} className={clsx('rounded-xl border border-slate-800', hasRows && 'cards:border-0')}>
        {body}
      </section>
      {!query.isPending && !query.isError && total > paginationState.pageSize && (
        <nav
          aria-label={t('backOffice.table.pagination')}
          className="flex items-center justify-end gap-2 text-sm text-slate-400"
        >
          <span>{t('backOffice.table.page', { page: paginationState.pageIndex + 1, count: pageCount, total })}</span>
          <button
            type="button"
            aria-label={t('backOffice.table.previous')}
            disabled={!table.getCanPreviousPage()}
            onClick={() => table.previousPage()}
            className={iconButtonClass()}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
          </button>
          <button
            type="button"
            aria-label={t('backOffice.table.next')}
            disabled={!table.getCanNextPage()}
            onClick={() => table.nextPage()}
            className={iconButtonClass()}
          >
            <ChevronRight aria-hidden="true" className="size-4" />
          </button>
        </nav>
      )}
    </div>
  );
}
