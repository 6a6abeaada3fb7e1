import { clsx } from 'clsx';

/** A square button holding only an icon (its name is in aria-label): edit, delete, move, pages. */
export function iconButtonClass(tone: 'default' | 'danger' = 'default', className?: string): string {
  return clsx(
    'inline-flex size-9 shrink-0 items-center justify-center rounded-lg border border-slate-700 bg-slate-900 text-slate-100 transition-colors hover:bg-slate-800 disabled:cursor-not-allowed disabled:opacity-30',
    tone === 'danger' ? 'hover:border-red-500 hover:text-red-300' : 'hover:border-slate-500',
    className,
  );
}
