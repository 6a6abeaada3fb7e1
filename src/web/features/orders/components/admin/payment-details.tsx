import { clsx } from 'clsx';
import { useTranslation } from '../../../../lib/use-translation';
import type { OrderStatus } from '../../../../../shared/order-states.js';
import type { AdminOrder, PaymentFlag } from '../../../../../shared/schemas/orders.js';
import { formatUsd } from '../../../../lib/format-number';
import { formatReported } from '../../amounts';

const flagTones: Record<PaymentFlag, string> = {
  underpaid: 'border-orange-600 bg-orange-950/60 text-orange-200',
  overpaid: 'border-sky-600 bg-sky-950/60 text-sky-200',
  late: 'border-violet-600 bg-violet-950/60 text-violet-200',
  other_currency: 'border-amber-600 bg-amber-950/60 text-amber-200',
};

/** The flags a payment report left on the order for the owner (decision 0014). */
export function PaymentFlags({ flags }: { flags: readonly PaymentFlag[] }) {
  const { t } = useTranslation();
  if (flags.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1" aria-label={t('adminOrders.flags.label')}>
      {flags.map((flag) => (
        <li
          key={flag}
          className={clsx('rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap', flagTones[flag])}
        >
          {t(`adminOrders.flags.${flag}`)}
        </li>
      ))}
    </ul>
  );
}

/** Expected and reported amounts, as the review panel and the order's detail show them. */
export function paymentAmounts(order: AdminOrder, language: string): { expected: string; reported: string | null } {
  return {
    expected: formatUsd(order.expected_amount, language) ?? '',
    reported: formatReported(order.amount_paid, order.paid_currency, language),
  };
}

const statusTones: Partial<Record<OrderStatus, string>> = {
  needs_review: 'border-orange-600 bg-orange-950/60 text-orange-200',
  refunded: 'border-slate-500 bg-slate-800 text-slate-100',
  cancelled: 'border-slate-600 bg-slate-900 text-slate-300',
};

/** A status the back office does not set by hand, shown where the others have their selector. */
export function ResolvedStatus({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={clsx(
        'inline-flex h-9 items-center rounded-lg border px-2.5 text-sm font-medium whitespace-nowrap',
        statusTones[status] ?? 'border-slate-700 text-slate-200',
      )}
    >
      {t(`adminOrders.status.${status}`)}
    </span>
  );
}
