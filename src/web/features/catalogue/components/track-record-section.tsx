import { clsx } from 'clsx';
import { BadgeCheck, ChartLine, Info } from 'lucide-react';
import { useCallback, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { Robot } from '../../../../shared/schemas/catalogue.js';
import type { TrackRecord } from '../../../../shared/schemas/track-record.js';
import { buttonClass } from '../../../components/ui/button-classes';
import { formatDay } from '../../../lib/format-date';
import { formatSignedPercent, formatUsd } from '../../../lib/format-number';
import { useTrackRecord } from '../api/get-track-record';
import { useNearViewport } from '../use-near-viewport';
import { verifiedSiteOf } from '../verified-site';
import { MonthlyReturnsTable } from './monthly-returns-table';
import { TrackChart, type ChartMarker, type ChartSeries } from './track-chart';
import { FigureList, type FigureKey } from './track-record-figures';

const PERFORMANCE: readonly FigureKey[] = [
  'growth',
  'bestMonth',
  'profitFactor',
  'winRate',
  'averageWin',
  'averageLoss',
  'expectancy',
];
const RISK: readonly FigureKey[] = ['equityDrawdown', 'balanceDrawdown', 'worstMonth', 'trades'];
const RECORD: readonly FigureKey[] = ['age', 'started', 'lastData', 'cashFlows'];

export const chartColours = { balance: '#34d399', equity: '#38bdf8' } as const;

type ChartMode = 'growth' | 'balance';

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-800 bg-slate-950/40 p-4">
      <h3 id={headingId} className="text-base font-semibold text-white">
        {title}
      </h3>
      <div className="mt-2">{children}</div>
    </section>
  );
}

/** "Self-reported" for what the shop computed, and the third party's record when the owner linked one. */
function Provenance({ robot }: { robot: Robot }) {
  const { t } = useTranslation();
  const site = verifiedSiteOf(robot.verified_record_url);
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
      <span className="inline-flex w-fit items-center gap-1.5 rounded-full bg-amber-500/15 px-3 py-1 text-sm font-semibold text-amber-200">
        <Info aria-hidden="true" className="size-4" />
        {t('trackRecord.selfReported')}
      </span>
      {site && robot.verified_record_url && (
        <a
          href={robot.verified_record_url}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="inline-flex w-fit items-center gap-1.5 rounded-full bg-sky-500/15 px-3 py-1 text-sm font-semibold text-sky-200 underline-offset-4 hover:underline"
        >
          <BadgeCheck aria-hidden="true" className="size-4" />
          {t('trackRecord.verifiedElsewhere', { site: t(`trackRecord.sites.${site}`) })}
          <span aria-hidden="true">↗</span>
          <span className="sr-only">{t('a11y.opensInNewTab')}</span>
        </a>
      )}
    </div>
  );
}

/** The chart's two views: growth (comparable between robots) and the money (balance and equity). */
function GrowthFigure({ record }: { record: TrackRecord }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [mode, setMode] = useState<ChartMode>('growth');
  const { curve, cash_flows: flows } = record;

  const series = useMemo<ChartSeries[]>(
    () =>
      mode === 'growth'
        ? [
            {
              label: t('trackRecord.chart.growthLine'),
              colour: chartColours.balance,
              points: curve.map((point) => ({ time: point.time, value: point.growth })),
            },
          ]
        : [
            {
              label: t('trackRecord.chart.balanceLine'),
              colour: chartColours.balance,
              points: curve.map((point) => ({ time: point.time, value: point.balance })),
            },
            {
              label: t('trackRecord.chart.equityLine'),
              colour: chartColours.equity,
              points: curve.map((point) => ({ time: point.time, value: point.equity })),
            },
          ],
    [mode, curve, t],
  );
  const markers = useMemo<ChartMarker[]>(
    () =>
      flows.map((flow) => ({
        time: flow.time,
        kind: flow.type,
        text: `${flow.type === 'deposit' ? '+' : '−'}${formatUsd(flow.amount, language)}`,
      })),
    [flows, language],
  );
  const formatValue = useCallback(
    (value: number) => (mode === 'growth' ? formatSignedPercent(value, language) : formatUsd(value, language)) ?? '',
    [mode, language],
  );

  const first = curve[0]!;
  const last = curve.at(-1)!;
  const deposits = flows.filter((flow) => flow.type === 'deposit').length;
  const withdrawals = flows.length - deposits;
  const caption =
    mode === 'growth'
      ? t('trackRecord.chart.growthCaption', {
          growth: formatSignedPercent(last.growth, language),
          start: formatDay(first.time, language),
          end: formatDay(last.time, language),
        })
      : t('trackRecord.chart.balanceCaption', {
          from: formatUsd(first.balance, language),
          to: formatUsd(last.balance, language),
          equity: formatUsd(last.equity, language),
          start: formatDay(first.time, language),
          end: formatDay(last.time, language),
        });
  const flowsCaption = flows.length > 0 ? ` ${t('trackRecord.chart.flowsCaption', { deposits, withdrawals })}` : '';

  return (
    <figure>
      <div
        role="group"
        aria-label={t('trackRecord.chart.view')}
        className="mb-3 inline-flex rounded-lg bg-slate-800 p-1"
      >
        {(['growth', 'balance'] as const).map((view) => (
          <button
            key={view}
            type="button"
            aria-pressed={mode === view}
            onClick={() => setMode(view)}
            className={clsx(
              'min-h-9 rounded-md px-3 text-sm font-medium',
              mode === view ? 'bg-slate-950 text-white' : 'text-slate-300 hover:text-white',
            )}
          >
            {t(`trackRecord.chart.views.${view}`)}
          </button>
        ))}
      </div>
      <TrackChart series={series} markers={markers} formatValue={formatValue} language={language} />
      <figcaption className="mt-2 text-sm text-slate-400">
        {caption}
        {flowsCaption}
      </figcaption>
    </figure>
  );
}

function TrackRecordBody({ record }: { record: TrackRecord }) {
  const { t } = useTranslation();
  const monthsCaptionId = useId();
  const { figures } = record;
  return (
    <div className="flex flex-col gap-6">
      {record.curve.length >= 2 ? (
        <GrowthFigure record={record} />
      ) : (
        <p className="rounded-lg border border-dashed border-slate-800 p-4 text-sm text-slate-400">
          {t('trackRecord.chart.notEnoughData')}
        </p>
      )}
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <Panel title={t('trackRecord.blocks.performance')}>
          <FigureList keys={PERFORMANCE} figures={figures} />
        </Panel>
        <Panel title={t('trackRecord.blocks.risk')}>
          <FigureList keys={RISK} figures={figures} />
        </Panel>
        <Panel title={t('trackRecord.blocks.record')}>
          <FigureList keys={RECORD} figures={figures} />
        </Panel>
      </div>
      <section aria-labelledby={`${monthsCaptionId}-heading`} className="@container">
        <h3 id={`${monthsCaptionId}-heading`} className="text-base font-semibold text-white">
          {t('trackRecord.months.heading')}
        </h3>
        <p id={monthsCaptionId} className="mt-1 mb-3 text-xs leading-5 text-slate-400">
          {t('trackRecord.months.hint')}
        </p>
        {record.months.length > 0 ? (
          <MonthlyReturnsTable months={record.months} years={record.years} captionId={monthsCaptionId} />
        ) : (
          <p className="text-sm text-slate-400">{t('trackRecord.months.empty')}</p>
        )}
      </section>
    </div>
  );
}

/**
 * The robot's track record (issue 20, decision 0019): growth without deposits, drawdowns,
 * monthly returns, trades, age and last data, each with how it is computed, all labelled
 * self-reported, and a link to a record verified elsewhere when the owner gave one. It loads when
 * the reader comes near it; its box keeps a fixed height until then.
 */
export function TrackRecordSection({ robot, className }: { robot: Robot; className?: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const box = useRef<HTMLElement>(null);
  const query = useTrackRecord(robot.id, useNearViewport(box));
  const record = query.data;

  function body() {
    if (record) {
      if (record.figures.readings === 0 && record.figures.trades === 0)
        return <p className="text-slate-300">{t('trackRecord.empty')}</p>;
      return <TrackRecordBody record={record} />;
    }
    if (query.isError) {
      return (
        <div role="alert" className="rounded-lg border border-red-900 bg-red-950/40 p-4">
          <p className="text-red-200">{t('trackRecord.loadError')}</p>
          <button type="button" onClick={() => void query.refetch()} className={buttonClass('secondary', 'mt-3')}>
            {t('common.retry')}
          </button>
        </div>
      );
    }
    return (
      <div aria-busy="true" className="h-80 animate-pulse rounded-lg bg-slate-800/60">
        <span className="sr-only">{t('trackRecord.loading')}</span>
      </div>
    );
  }

  return (
    <section
      ref={box}
      aria-labelledby={headingId}
      className={clsx('rounded-xl border border-slate-800 bg-slate-900 p-5 sm:p-6', className)}
    >
      <h2 id={headingId} className="flex items-center gap-2 text-xl font-semibold text-white">
        <ChartLine aria-hidden="true" className="size-5 text-emerald-400" />
        {t('trackRecord.heading')}
      </h2>
      <div className="mt-3 flex flex-col gap-2">
        <Provenance robot={robot} />
        <p className="text-sm text-slate-400">{t('trackRecord.selfReportedHint')}</p>
      </div>
      <div className="mt-5">{body()}</div>
    </section>
  );
}
