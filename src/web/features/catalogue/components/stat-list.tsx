import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/** A term and its value in the page's definition lists. */
export function StatRow({
  label,
  children,
  valueClassName,
}: {
  label: string;
  children: ReactNode;
  valueClassName?: string;
}) {
  return (
    <div className="flex items-baseline justify-between gap-4 border-b border-slate-800 py-2.5 last:border-b-0">
      <dt className="text-sm text-slate-400">{label}</dt>
      <dd className={clsx('text-right font-semibold text-slate-100 tabular-nums', valueClassName)}>{children}</dd>
    </div>
  );
}
