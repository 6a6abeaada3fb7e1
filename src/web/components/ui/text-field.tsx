import { clsx } from 'clsx';
import { useId, type InputHTMLAttributes } from 'react';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  /** Shown under the input and tied to it, so screen readers read it with the field. */
  error?: string | undefined;
};

export function TextField({ label, error, className, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-200">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={clsx(
          'h-11 rounded-lg border bg-slate-950 px-3 text-slate-100 placeholder:text-slate-500',
          error ? 'border-red-500' : 'border-slate-700',
        )}
        {...input}
      />
      {error && (
        <p id={errorId} className="text-sm text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
