import { DollarSign, ShoppingBag, Users } from 'lucide-react';
import { useTranslation } from '../../../../lib/use-translation';
import type { DashboardTotals } from '../../../../../shared/schemas/orders.js';
import { formatDay } from '../../../../lib/format-date';
import { formatUsd } from '../../../../lib/format-number';

/** SPEC §2: Total Revenue (paid, completed and in-progress orders, SPEC §9), Total Orders, Total Users. */
export function DashboardCards({ totals }: { totals: DashboardTotals | undefined }) {
  const { t, i18n } = useTranslation();
  const cards = [
    {
      label: t('adminOrders.cards.revenue'),
      value: totals ? formatUsd(totals.total_revenue, i18n.language) : null,
      Icon: DollarSign,
    },
    {
      label: t('adminOrders.cards.orders'),
      value: totals?.total_orders.toLocaleString(i18n.language) ?? null,
      Icon: ShoppingBag,
    },
    {
      label: t('adminOrders.cards.users'),
      value: totals?.total_users.toLocaleString(i18n.language) ?? null,
      Icon: Users,
    },
  ];
  return (
    <dl className="mt-6 grid gap-4 sm:grid-cols-3">
      {cards.map(({ label, value, Icon }) => (
        <div key={label} className="rounded-xl border border-slate-800 bg-slate-900 p-5">
          <dt className="flex items-center justify-between text-sm text-slate-400">
            {label}
            <Icon aria-hidden="true" className="size-5 text-emerald-400" />
          </dt>
          <dd className="mt-2 text-2xl font-bold text-white tabular-nums">
            {value ?? <span className="inline-block h-7 w-24 animate-pulse rounded bg-slate-800" />}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Revenue per day over the last 30 days, as plain bars (no chart library in the admin chunk). */
export function RevenueChart({ days }: { days: DashboardTotals['revenue_by_day'] }) {
  const { t, i18n } = useTranslation();
  const max = Math.max(...days.map((day) => day.revenue), 1);
  // The days are UTC calendar days ('2026-11-21'): read in UTC so no time zone moves them.
  const dayLabel = (day: string) => formatDay(day, i18n.language, 'UTC') ?? day;
  const total = days.reduce((sum, day) => sum + day.revenue, 0);
  return (
    <figure className="mt-4 rounded-xl border border-slate-800 bg-slate-900 p-5">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold text-white">{t('adminOrders.chart.title')}</span>
        <span className="text-sm text-slate-400">
          {t('adminOrders.chart.total', { amount: formatUsd(total, i18n.language) })}
        </span>
      </figcaption>
      <div className="mt-4 flex h-32 items-end gap-[2px]" role="list" aria-label={t('adminOrders.chart.title')}>
        {days.map((day) => (
          <div
            key={day.day}
            role="listitem"
            aria-label={`${dayLabel(day.day)}: ${formatUsd(day.revenue, i18n.language)}`}
            title={`${dayLabel(day.day)}: ${formatUsd(day.revenue, i18n.language)}`}
            className="min-h-[2px] flex-1 rounded-t bg-emerald-500/80"
            style={{ height: `${(day.revenue / max) * 100}%` }}
          />
        ))}
      </div>
      <div className="mt-1 flex justify-between text-xs text-slate-500">
        {days.length > 0 && (
          <>
            <span>{dayLabel(days[0]!.day)}</span>
            <span>{dayLabel(days.at(-1)!.day)}</span>
          </>
        )}
      </div>
    </figure>
  );
}
