import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { Robot } from '../../../../shared/schemas/catalogue.js';
import { formatPercent, formatUsd } from '../../../lib/format-number';

function Stat({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div>
      <dt className="text-xs leading-5 text-slate-400">{label}</dt>
      <dd className={clsx('text-base leading-6 font-semibold tabular-nums', className)}>{children}</dd>
    </div>
  );
}

function floatingColour(value: number | null): string {
  if (value === null) return 'text-slate-100';
  return value >= 0 ? 'text-emerald-400' : 'text-red-400';
}

/**
 * The live statistics of a card (SPEC §2), each with its unit: balance and floating profit in
 * dollars, growth (the win rate), weekly and monthly in percent; and the track record's maximum
 * drawdown of the equity (decision 0019). A statistic not reported yet shows a dash.
 */
export function RobotStats({ robot }: { robot: Robot }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const missing = t('common.noValue');
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
      <Stat label={t('catalogue.stats.balance')}>{formatUsd(robot.balance, locale) ?? missing}</Stat>
      <Stat label={t('catalogue.stats.growth')}>{formatPercent(robot.winrate, locale) ?? missing}</Stat>
      <Stat label={t('catalogue.stats.weekly')}>{formatPercent(robot.weekly, locale) ?? missing}</Stat>
      <Stat label={t('catalogue.stats.monthly')}>{formatPercent(robot.monthly, locale) ?? missing}</Stat>
      <Stat label={t('catalogue.stats.floating')} className={floatingColour(robot.floating)}>
        {formatUsd(robot.floating, locale) ?? missing}
      </Stat>
      <Stat label={t('catalogue.stats.maxDrawdown')}>{formatPercent(robot.track_max_drawdown, locale) ?? missing}</Stat>
    </dl>
  );
}
