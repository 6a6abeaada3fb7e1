import { clsx } from 'clsx';

const base =
  'inline-flex h-11 items-center justify-center gap-2 rounded-lg px-4 text-sm font-semibold transition-colors disabled:cursor-not-allowed';

const variants = {
  primary: 'bg-emerald-500 text-slate-950 hover:bg-emerald-400 disabled:bg-slate-800 disabled:text-slate-400',
  secondary: 'border border-slate-700 bg-slate-900 text-slate-100 hover:border-slate-500 hover:bg-slate-800',
  danger: 'bg-red-600 text-white hover:bg-red-500 disabled:bg-slate-800 disabled:text-slate-400',
} as const;

export type ButtonVariant = keyof typeof variants;

/** Shared look for buttons and for links styled as buttons. */
export function buttonClass(variant: ButtonVariant, className?: string): string {
  return clsx(base, variants[variant], className);
}
