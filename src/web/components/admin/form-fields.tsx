import { clsx } from 'clsx';
import { useId, type ReactNode } from 'react';
import { useFormContext, type FieldValues, type Path, type RegisterOptions } from 'react-hook-form';
import { useTranslation } from '../../lib/use-translation';

const inputClass = (invalid: boolean) =>
  clsx(
    'min-h-11 w-full rounded-lg border bg-slate-950 px-3 text-slate-100 placeholder:text-slate-500 disabled:opacity-60',
    invalid ? 'border-red-500' : 'border-slate-700',
  );

type FieldFrameProps = {
  id: string;
  label: string;
  error: string | undefined;
  hint?: string | undefined;
  children: ReactNode;
  className?: string | undefined;
};

/** Label, control, hint and error, tied together for assistive technology. */
export function FieldFrame({ id, label, error, hint, children, className }: FieldFrameProps) {
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-200">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

type FieldProps<T extends FieldValues> = {
  name: Path<T>;
  label: string;
  /** The translated message shown when the schema refuses the value (the schema's own is English). */
  invalidMessage?: string;
  hint?: string;
  className?: string;
};

/** The field's error as the reader should see it: a server message as sent, a schema one translated. */
function useFieldError<T extends FieldValues>(name: Path<T>, invalidMessage: string | undefined): string | undefined {
  const { t } = useTranslation();
  const { getFieldState, formState } = useFormContext<T>();
  const { error } = getFieldState(name, formState);
  if (!error) return undefined;
  if (error.type === 'server') return error.message;
  return invalidMessage ?? t('backOffice.form.invalid');
}

function describedBy(id: string, error: string | undefined, hint: string | undefined) {
  return [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
}

type TextInputFieldProps<T extends FieldValues> = FieldProps<T> & {
  type?: 'text' | 'url' | 'email' | 'number' | 'password';
  /** Numbers typed in the field are sent as numbers (empty stays empty, and the schema decides). */
  numeric?: boolean;
  placeholder?: string;
  autoComplete?: string;
  inputMode?: 'decimal' | 'numeric' | 'text' | 'url';
  rules?: RegisterOptions<T, Path<T>>;
};

export function TextInputField<T extends FieldValues>({
  name,
  label,
  invalidMessage,
  hint,
  className,
  type = 'text',
  numeric = false,
  ...input
}: TextInputFieldProps<T>) {
  const id = useId();
  const { register } = useFormContext<T>();
  const error = useFieldError<T>(name, invalidMessage);
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      <input
        id={id}
        type={type}
        step={type === 'number' ? 'any' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={inputClass(Boolean(error))}
        placeholder={input.placeholder}
        autoComplete={input.autoComplete}
        inputMode={input.inputMode}
        {...register(
          name,
          numeric
            ? { setValueAs: (value: unknown) => (value === '' || value === null ? undefined : Number(value)) }
            : undefined,
        )}
      />
    </FieldFrame>
  );
}

export function TextAreaField<T extends FieldValues>({
  name,
  label,
  invalidMessage,
  hint,
  className,
  rows = 4,
}: FieldProps<T> & { rows?: number }) {
  const id = useId();
  const { register } = useFormContext<T>();
  const error = useFieldError<T>(name, invalidMessage);
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      <textarea
        id={id}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={clsx(inputClass(Boolean(error)), 'py-2')}
        {...register(name)}
      />
    </FieldFrame>
  );
}

export function SelectField<T extends FieldValues>({
  name,
  label,
  invalidMessage,
  hint,
  className,
  options,
}: FieldProps<T> & { options: readonly { value: string; label: string }[] }) {
  const id = useId();
  const { register } = useFormContext<T>();
  const error = useFieldError<T>(name, invalidMessage);
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={inputClass(Boolean(error))}
        {...register(name)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** An on/off setting such as "Active" (SPEC §4 active toggles). */
export function CheckboxField<T extends FieldValues>({
  name,
  label,
  hint,
  className,
}: Omit<FieldProps<T>, 'invalidMessage'>) {
  const id = useId();
  const { register } = useFormContext<T>();
  return (
    <div className={clsx('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="inline-flex min-h-11 items-center gap-3 text-sm font-medium text-slate-200">
        <input
          id={id}
          type="checkbox"
          className="size-5 accent-emerald-500"
          aria-describedby={hint ? `${id}-hint` : undefined}
          {...register(name)}
        />
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-400">
          {hint}
        </p>
      )}
    </div>
  );
}
