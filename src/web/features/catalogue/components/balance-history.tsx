import { ChartLine } from 'lucide-react';
import { useId, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRobotHistory } from '../api/get-robot-history';
import { balanceRange, toBalanceSeries } from '../balance-series';
import { formatDay } from '../../../lib/format-date';
import { formatUsd } from '../../../lib/format-number';
import { BalanceChart } from './balance-chart';

/** Every state fills the same box (chart height plus two caption lines), so the page never shifts. */
function ChartBox({ children }: { children: ReactNode }) {
  return (
    <div className="flex h-64 items-center justify-center rounded-lg border border-dashed border-slate-800 p-4 text-center text-sm text-slate-400">
      {children}
    </div>
  );
}
const captionClass = 'mt-3 min-h-10 text-sm text-slate-400';

/**
 * The robot's balance over its recorded history (beyond SPEC: the spec shows only the latest
 * figures). Shown as a chart from two points on; the caption says the same in words.
 */
export function BalanceHistory({ robotId }: { robotId: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const headingId = useId();
  const history = useRobotHistory(robotId);
  const points = useMemo(() => toBalanceSeries(history.data ?? []), [history.data]);
  const range = balanceRange(points);

  function body() {
    if (history.isPending) {
      return (
        <div aria-busy="true">
          <div className="h-64 animate-pulse rounded-lg bg-slate-800/60" />
          <p className={captionClass}>
            <span className="sr-only">{t('robotDetail.chart.loading')}</span>
          </p>
        </div>
      );
    }
    if (history.isError) {
      return (
        <>
          <ChartBox>{t('robotDetail.chart.loadError')}</ChartBox>
          <p className={captionClass} />
        </>
      );
    }
    if (range === null) {
      return (
        <>
          <ChartBox>{t('robotDetail.chart.notEnoughData')}</ChartBox>
          <p className={captionClass} />
        </>
      );
    }
    return (
      <figure>
        <BalanceChart points={points} language={language} />
        <figcaption className={captionClass}>
          {t('robotDetail.chart.caption', {
            from: formatUsd(range.first.value, language),
            start: formatDay(range.first.recordedAt, language),
            to: formatUsd(range.last.value, language),
            end: formatDay(range.last.recordedAt, language),
          })}
        </figcaption>
      </figure>
    );
  }

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-800 bg-slate-900 p-5 sm:p-6">
      <h2 id={headingId} className="flex items-center gap-2 text-xl font-semibold text-white">
        <ChartLine aria-hidden="true" className="size-5 text-emerald-400" />
        {t('robotDetail.chart.heading')}
      </h2>
      <div className="mt-4">{body()}</div>
    </section>
  );
}
