import { Activity } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { Robot } from '../../../../shared/schemas/catalogue.js';
import { formatDateTime } from '../../../lib/format-date';
import { formatDecimal, formatPercent, formatUsd } from '../../../lib/format-number';
import { StatRow } from './stat-list';

function floatingClass(value: number | null): string | undefined {
  if (value === null) return undefined;
  return value >= 0 ? 'text-emerald-400' : 'text-red-400';
}

/** The live statistics of SPEC §2 with their units (dollars, percent); a figure not reported yet shows a dash. */
export function LivePerformanceCard({ robot }: { robot: Robot }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const missing = t('common.noValue');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-800 bg-slate-900 p-5">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-white">
        <Activity aria-hidden="true" className="size-5 text-emerald-400" />
        {t('robotDetail.live.heading')}
      </h2>
      <dl className="mt-3">
        <StatRow label={t('robotDetail.live.profitFactor')}>
          {formatDecimal(robot.profit_factor, language) ?? missing}
        </StatRow>
        <StatRow label={t('robotDetail.live.winrate')}>{formatPercent(robot.winrate, language) ?? missing}</StatRow>
        <StatRow label={t('robotDetail.live.profit')}>{formatUsd(robot.profit, language) ?? missing}</StatRow>
        <StatRow label={t('robotDetail.live.monthly')}>{formatPercent(robot.monthly, language) ?? missing}</StatRow>
        <StatRow label={t('robotDetail.live.floating')} valueClassName={floatingClass(robot.floating)}>
          {formatUsd(robot.floating, language) ?? missing}
        </StatRow>
        <StatRow label={t('robotDetail.live.lastUpdate')}>
          {formatDateTime(robot.last_stats_update, language) ?? missing}
        </StatRow>
      </dl>
    </section>
  );
}
