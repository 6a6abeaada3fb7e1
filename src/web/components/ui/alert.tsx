import { clsx } from 'clsx';
import type { ReactNode } from 'react';

const tones = {
  error: 'border-red-900 bg-red-950/50 text-red-200',
  warning: 'border-amber-800 bg-amber-950/40 text-amber-200',
  success: 'border-emerald-800 bg-emerald-950/50 text-emerald-200',
} as const;

type AlertProps = {
  tone: keyof typeof tones;
  children: ReactNode;
  className?: string;
};

/**
 * A message in a box. Errors and warnings interrupt (role="alert"); a success is announced
 * politely (role="status").
 */
export function Alert({ tone, children, className }: AlertProps) {
  return (
    <div
      role={tone === 'success' ? 'status' : 'alert'}
      className={clsx('rounded-lg border px-4 py-3 text-sm', tones[tone], className)}
    >
      {children}
    </div>
  );
}
