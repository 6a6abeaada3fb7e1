import { clsx } from 'clsx';
import { Trash2 } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../../lib/use-translation';
import type { Robot } from '../../../../../shared/schemas/catalogue.js';
import type {
  AdminCashFlow,
  AdminTrade,
  TrackPush,
  TrackRecordFigures,
} from '../../../../../shared/schemas/track-record.js';
import { ConfirmDialog } from '../../../../components/admin/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../../components/admin/data-table';
import { TextInputField } from '../../../../components/admin/form-fields';
import { iconButtonClass } from '../../../../components/admin/icon-button-class';
import { withToasts } from '../../../../components/admin/toasts';
import { formatDateTime } from '../../../../lib/format-date';
import { formatDecimal, formatPercent, formatSignedPercent, formatUsd } from '../../../../lib/format-number';
import {
  useDeleteTrackRecordItem,
  useRobotTrackRecord,
  type TrackRecordItem,
} from '../../api/admin/robot-track-record';

/** The field of the robot form this section holds. */
type TrackRecordForm = { verified_record_url?: string | null };

const tabClass = 'min-h-10 flex-1 rounded-md px-2 text-sm font-semibold whitespace-nowrap transition-colors';

type PendingDelete = { kind: TrackRecordItem; id: string; message: string };

/**
 * The robot's Track record tab (issue 20 §6): the link to a record verified elsewhere (a field
 * of the robot form), and what the stats workflow reported (the figures computed from it, the last
 * pushes, the cash flows, the trades), where the owner deletes a wrong cash flow or trade. The
 * server computes the figures again and records the deletion in the activity log.
 */
export function RobotTrackRecordSection({ robot }: { robot: Robot | null }) {
  const { t } = useTranslation();
  // min-w-0: a fieldset is as wide as its content by default; the tables scroll inside it instead.
  return (
    <fieldset className="flex min-w-0 flex-col gap-4 rounded-xl border border-slate-800 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-300">{t('backOffice.robots.trackRecord.legend')}</legend>
      <TextInputField<TrackRecordForm>
        name="verified_record_url"
        type="url"
        inputMode="url"
        placeholder="https://www.mql5.com/en/signals/…"
        label={t('backOffice.robots.trackRecord.verifiedUrl')}
        hint={t('backOffice.robots.trackRecord.verifiedUrlHint')}
        invalidMessage={t('backOffice.robots.trackRecord.verifiedUrlInvalid')}
      />
      {robot ? (
        <TrackRecordData robotId={robot.id} />
      ) : (
        <p className="text-sm text-slate-400">{t('backOffice.robots.trackRecord.saveFirst')}</p>
      )}
    </fieldset>
  );
}

function TrackRecordData({ robotId }: { robotId: string }) {
  const { t, i18n } = useTranslation();
  const { t: text } = useTranslation(undefined, { keyPrefix: 'backOffice.robots.trackRecord' });
  const language = i18n.language;
  const [page, setPage] = useState(0);
  const query = useRobotTrackRecord(robotId, page);
  const remove = useDeleteTrackRecordItem(robotId);
  const [pending, setPending] = useState<PendingDelete | null>(null);
  const data = query.data;
  const time = (iso: string) => formatDateTime(iso, language) ?? iso;

  const deleteButton = (kind: TrackRecordItem, id: string, label: string, message: string) => (
    <button
      type="button"
      aria-label={label}
      className={iconButtonClass('danger')}
      onClick={() => setPending({ kind, id, message })}
    >
      <Trash2 aria-hidden="true" className="size-4" />
    </button>
  );

  const pushColumns: DataTableColumn<TrackPush>[] = [
    {
      id: 'received',
      header: text('columns.received'),
      cell: (push) => time(push.received_at),
      className: 'whitespace-nowrap',
    },
    { id: 'source', header: text('columns.source'), cell: (push) => text(`sources.${push.source}`) },
    { id: 'readings', header: text('columns.readings'), cell: (push) => push.readings, className: 'tabular-nums' },
    { id: 'cashFlows', header: text('columns.cashFlows'), cell: (push) => push.cash_flows, className: 'tabular-nums' },
    { id: 'trades', header: text('columns.trades'), cell: (push) => push.trades, className: 'tabular-nums' },
  ];
  const flowColumns: DataTableColumn<AdminCashFlow>[] = [
    { id: 'time', header: text('columns.time'), cell: (flow) => time(flow.time), className: 'whitespace-nowrap' },
    { id: 'type', header: text('columns.type'), cell: (flow) => text(`types.${flow.type}`) },
    {
      id: 'amount',
      header: text('columns.amount'),
      cell: (flow) => formatUsd(flow.amount, language),
      className: 'whitespace-nowrap tabular-nums',
    },
    { id: 'id', header: text('columns.id'), cell: (flow) => flow.external_id ?? t('common.noValue') },
  ];
  const tradeColumns: DataTableColumn<AdminTrade>[] = [
    { id: 'ticket', header: text('columns.ticket'), cell: (trade) => trade.ticket, className: 'tabular-nums' },
    { id: 'symbol', header: text('columns.symbol'), cell: (trade) => trade.symbol },
    { id: 'side', header: text('columns.side'), cell: (trade) => text(`sides.${trade.side}`) },
    {
      id: 'lots',
      header: text('columns.lots'),
      cell: (trade) => formatDecimal(trade.lots, language),
      className: 'tabular-nums',
    },
    {
      id: 'closed',
      header: text('columns.closed'),
      cell: (trade) => time(trade.closed_at),
      className: 'whitespace-nowrap',
    },
    {
      id: 'profit',
      header: text('columns.profit'),
      cell: (trade) => formatUsd(trade.profit, language),
      className: clsx('whitespace-nowrap tabular-nums'),
    },
  ];

  return (
    <>
      <TabbedPanels
        label={text('tabsLabel')}
        tabs={[
          {
            id: 'figures',
            title: text('tabs.figures'),
            panel: data ? (
              <>
                <p className="mb-2 text-sm text-slate-400">{text('figuresNote')}</p>
                <FiguresSummary figures={data.figures} />
              </>
            ) : (
              <p role="status" className="text-sm text-slate-400">
                {query.isError ? text('loadFailed') : text('loading')}
              </p>
            ),
          },
          {
            id: 'pushes',
            title: text('tabs.pushes'),
            panel: (
              <DataTable
                label={text('tabs.pushes')}
                rows={data?.pushes}
                columns={pushColumns}
                getRowId={(push) => `${push.received_at}-${push.source}-${push.readings}-${push.trades}`}
                query={query}
                emptyMessage={text('pushesEmpty')}
                sortable={false}
                pageSize={10}
              />
            ),
          },
          {
            id: 'cashFlows',
            title: text('tabs.cashFlows'),
            panel: (
              <>
                {data && data.cash_flows_total > data.cash_flows.length && (
                  <p className="mb-2 text-sm text-slate-400">
                    {text('cashFlowsShown', { shown: data.cash_flows.length, total: data.cash_flows_total })}
                  </p>
                )}
                <DataTable
                  label={text('tabs.cashFlows')}
                  rows={data?.cash_flows}
                  columns={flowColumns}
                  getRowId={(flow) => flow.id}
                  query={query}
                  emptyMessage={text('cashFlowsEmpty')}
                  sortable={false}
                  pageSize={10}
                  rowActions={(flow) =>
                    deleteButton(
                      'cash-flows',
                      flow.id,
                      text('deleteCashFlowLabel', {
                        type: text(`typesInSentence.${flow.type}`),
                        time: time(flow.time),
                      }),
                      text('deleteCashFlowConfirm', {
                        type: text(`typesInSentence.${flow.type}`),
                        amount: formatUsd(flow.amount, language),
                        time: time(flow.time),
                      }),
                    )
                  }
                />
              </>
            ),
          },
          {
            id: 'trades',
            title: text('tabs.trades'),
            panel: (
              <DataTable
                label={text('tabs.trades')}
                rows={data?.trades}
                columns={tradeColumns}
                getRowId={(trade) => trade.id}
                query={query}
                emptyMessage={text('tradesEmpty')}
                sortable={false}
                pageSize={data?.page_size ?? 25}
                server={{
                  rowCount: data?.trades_total ?? 0,
                  pagination: { pageIndex: page, pageSize: data?.page_size ?? 25 },
                  onPaginationChange: (next) => setPage(next.pageIndex),
                  sorting: [],
                  onSortingChange: () => undefined,
                  search: '',
                  onSearchChange: () => undefined,
                }}
                rowActions={(trade) =>
                  deleteButton(
                    'trades',
                    trade.id,
                    text('deleteTradeLabel', { ticket: trade.ticket }),
                    text('deleteTradeConfirm', {
                      ticket: trade.ticket,
                      symbol: trade.symbol,
                      profit: formatUsd(trade.profit, language),
                    }),
                  )
                }
              />
            ),
          },
        ]}
      />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending?.kind === 'trades' ? text('deleteTradeTitle') : text('deleteCashFlowTitle')}
        message={pending?.message ?? ''}
        confirmLabel={text('delete')}
        onConfirm={() =>
          withToasts(
            remove.mutateAsync({ kind: pending!.kind, itemId: pending!.id }),
            text('deleted'),
            text('deleteFailed'),
          )
        }
      />
    </>
  );
}

/**
 * The figures computed from the data, briefly (the robot page explains each one). The robot
 * page's figure list stays out of the back office's chunk, which would otherwise pull the
 * storefront's track-record chunk into every admin page.
 */
function FiguresSummary({ figures }: { figures: TrackRecordFigures }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const drawdown = (percent: number | null, amount: number | null) =>
    percent === null ? null : `${formatPercent(percent, language)} (${formatUsd(amount, language)})`;
  const rows: [string, string | null][] = [
    [t('trackRecord.figures.growth.label'), formatSignedPercent(figures.growth, language)],
    [t('trackRecord.figures.equityDrawdown.label'), drawdown(figures.equity_drawdown, figures.equity_drawdown_amount)],
    [
      t('trackRecord.figures.balanceDrawdown.label'),
      drawdown(figures.balance_drawdown, figures.balance_drawdown_amount),
    ],
    [t('trackRecord.figures.trades.label'), String(figures.trades)],
    [t('trackRecord.figures.winRate.label'), formatPercent(figures.win_rate, language)],
    [t('trackRecord.figures.profitFactor.label'), formatDecimal(figures.profit_factor, language)],
    [t('backOffice.robots.trackRecord.columns.readings'), String(figures.readings)],
    [
      t('trackRecord.figures.cashFlows.label'),
      `+${formatUsd(figures.deposits, language)} / −${formatUsd(figures.withdrawals, language)}`,
    ],
    [t('trackRecord.figures.lastData.label'), formatDateTime(figures.last_data_at, language)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs text-slate-400">{label}</dt>
          <dd className="font-medium text-slate-100 tabular-nums">{value ?? t('common.noValue')}</dd>
        </div>
      ))}
    </dl>
  );
}

type Tab = { id: string; title: string; panel: ReactNode };

/**
 * Tabs as WAI-ARIA describes them (arrow keys move between tabs, one tab in the page's tab order).
 * Written here rather than with Radix's tabs, which the sign-in dialog uses: sharing them would
 * split them into a chunk of their own, one more name in the storefront's entry.
 */
function TabbedPanels({ label, tabs }: { label: string; tabs: readonly Tab[] }) {
  const baseId = useId();
  const [selected, setSelected] = useState(tabs[0]!.id);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const select = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length]!;
    setSelected(tab.id);
    buttons.current[(index + tabs.length) % tabs.length]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    select(moves[event.key]!);
  };
  return (
    <div className="flex flex-col gap-3">
      <div
        role="tablist"
        aria-label={label}
        className="flex gap-1 overflow-x-auto rounded-lg border border-slate-700 bg-slate-950 p-1"
      >
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-${tab.id}-tab`}
            aria-controls={`${baseId}-${tab.id}-panel`}
            aria-selected={selected === tab.id}
            tabIndex={selected === tab.id ? 0 : -1}
            onClick={() => setSelected(tab.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={clsx(
              tabClass,
              selected === tab.id ? 'bg-emerald-500 text-slate-950' : 'text-slate-300 hover:text-white',
            )}
          >
            {tab.title}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-${tab.id}-panel`}
          aria-labelledby={`${baseId}-${tab.id}-tab`}
          hidden={selected !== tab.id}
        >
          {selected === tab.id && tab.panel}
        </div>
      ))}
    </div>
  );
}
