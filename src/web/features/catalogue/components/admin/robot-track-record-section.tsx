import * as Tabs from '@radix-ui/react-tabs';
import { clsx } from 'clsx';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Robot } from '../../../../../shared/schemas/catalogue.js';
import type { AdminCashFlow, AdminTrade, TrackPush } from '../../../../../shared/schemas/track-record.js';
import { ConfirmDialog } from '../../../../components/admin/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../../components/admin/data-table';
import { TextInputField } from '../../../../components/admin/form-fields';
import { iconButtonClass } from '../../../../components/admin/icon-button-class';
import { withToasts } from '../../../../components/admin/toasts';
import { formatDateTime } from '../../../../lib/format-date';
import { formatDecimal, formatUsd } from '../../../../lib/format-number';
import {
  useDeleteTrackRecordItem,
  useRobotTrackRecord,
  type TrackRecordItem,
} from '../../api/admin/robot-track-record';
import { FigureList, type FigureKey } from '../track-record-figures';

/** The field of the robot form this section holds. */
type TrackRecordForm = { verified_record_url?: string | null };

const FIGURES: readonly FigureKey[] = [
  'growth',
  'equityDrawdown',
  'balanceDrawdown',
  'bestMonth',
  'worstMonth',
  'trades',
  'winRate',
  'profitFactor',
  'expectancy',
  'age',
  'lastData',
  'cashFlows',
];

const tabClass = clsx(
  'min-h-10 flex-1 rounded-md px-2 text-sm font-semibold whitespace-nowrap transition-colors',
  'text-slate-300 hover:text-white data-[state=active]:bg-emerald-500 data-[state=active]:text-slate-950',
);

type PendingDelete = { kind: TrackRecordItem; id: string; message: string };

/**
 * The robot's Track record tab (issue 20 §6): the link to a record verified elsewhere (a field
 * of the robot form), and what the stats workflow reported (the figures computed from it, the last
 * pushes, the cash flows, the trades), where the owner deletes a wrong cash flow or trade. The
 * server computes the figures again and records the deletion in the activity log.
 */
export function RobotTrackRecordSection({ robot }: { robot: Robot | null }) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-col gap-4 rounded-xl border border-slate-800 p-4">
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
      <Tabs.Root defaultValue="figures" className="flex flex-col gap-3">
        <Tabs.List
          aria-label={text('tabsLabel')}
          className="flex gap-1 overflow-x-auto rounded-lg border border-slate-700 bg-slate-950 p-1"
        >
          {(['figures', 'pushes', 'cashFlows', 'trades'] as const).map((tab) => (
            <Tabs.Trigger key={tab} value={tab} className={tabClass}>
              {text(`tabs.${tab}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="figures">
          {data ? (
            <>
              <p className="mb-2 text-sm text-slate-400">{text('figuresNote')}</p>
              <FigureList keys={FIGURES} figures={data.figures} />
            </>
          ) : (
            <p role="status" className="text-sm text-slate-400">
              {query.isError ? text('loadFailed') : text('loading')}
            </p>
          )}
        </Tabs.Content>
        <Tabs.Content value="pushes">
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
        </Tabs.Content>
        <Tabs.Content value="cashFlows">
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
                text('deleteCashFlowLabel', { type: text(`types.${flow.type}`), time: time(flow.time) }),
                text('deleteCashFlowConfirm', {
                  type: text(`types.${flow.type}`),
                  amount: formatUsd(flow.amount, language),
                  time: time(flow.time),
                }),
              )
            }
          />
        </Tabs.Content>
        <Tabs.Content value="trades">
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
        </Tabs.Content>
      </Tabs.Root>
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
