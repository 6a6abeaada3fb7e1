import { lazy, Suspense, useId } from 'react';
import { useController, useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from '../../lib/use-translation';

/** Quill loads with the first form that needs it, in its own chunk. */
const RichTextEditor = lazy(() => import('./rich-text-editor'));

type RichTextFieldProps<T extends FieldValues> = { name: Path<T>; label: string };

/** A form field holding HTML, edited with the rich-text editor. */
export function RichTextField<T extends FieldValues>({ name, label }: RichTextFieldProps<T>) {
  const { t } = useTranslation();
  const id = useId();
  const { control } = useFormContext<T>();
  const { field } = useController({ name, control });
  return (
    <div className="flex flex-col gap-1.5">
      <span id={id} className="text-sm font-medium text-slate-200">
        {label}
      </span>
      <Suspense
        fallback={
          <p className="min-h-48 rounded-lg border border-slate-700 p-3 text-slate-400">
            {t('backOffice.editor.loading')}
          </p>
        }
      >
        <RichTextEditor
          label={label}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={field.onChange}
        />
      </Suspense>
    </div>
  );
}
