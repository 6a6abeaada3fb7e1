import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, type ReactNode } from 'react';
import {
  FormProvider,
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { useTranslation } from '../../lib/use-translation';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { buttonClass } from '../ui/button-classes';
import { AdminDialog } from './admin-dialog';

type FormDialogProps<Input extends FieldValues, Output> = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /**
   * The server's own schema (src/shared/schemas/): the form refuses exactly what the API refuses.
   * The form's values are its input type and the submitted ones its output type, inferred from it.
   */
  schema: z.ZodType<Output, Input>;
  /** What the form shows each time it opens: the record being edited, or the defaults. */
  defaultValues: DefaultValues<Input>;
  /** Saves; a rejected promise keeps the dialog open (the caller reports the failure). */
  onSubmit: (values: Output, form: UseFormReturn<Input, unknown, Output>) => Promise<unknown>;
  /** The fields, given the form (FormProvider also makes it reachable with useFormContext). */
  children: (form: UseFormReturn<Input, unknown, Output>) => ReactNode;
  submitLabel?: string;
  /** Shown on the submit button while `busy` (e.g. "Uploading image…"); saving by default. */
  busyLabel?: string;
  /** Work the fields do themselves (an upload) that must finish before saving. */
  busy?: boolean;
};

/**
 * A create/edit dialog driven by a zod schema (react-hook-form with its zod resolver). It resets
 * to `defaultValues` whenever it opens, closes when the save succeeds, and puts the server's
 * field errors (`body.<field>`) under their fields.
 */
export function FormDialog<Input extends FieldValues, Output>({
  open,
  onOpenChange,
  title,
  schema,
  defaultValues,
  onSubmit,
  children,
  submitLabel,
  busyLabel,
  busy = false,
}: FormDialogProps<Input, Output>) {
  const { t } = useTranslation();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver<Input, unknown, Output>(schema),
    defaultValues,
  });
  const { reset, formState } = form;

  useEffect(() => {
    if (open) reset(defaultValues);
    // Only on opening: defaultValues is a new object on every render of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, reset]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values, form);
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        for (const [field, message] of Object.entries(error.fields)) {
          if (field.startsWith('body.')) form.setError(field.slice(5) as Path<Input>, { type: 'server', message });
        }
      }
    }
  });

  const working = busy || formState.isSubmitting;
  return (
    <AdminDialog open={open} onOpenChange={(next) => !working && onOpenChange(next)} title={title}>
      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          {children(form)}
          <div className="sticky -bottom-6 -mx-6 -mb-6 flex flex-wrap justify-end gap-2 border-t border-slate-800 bg-slate-900 px-6 pt-4 pb-6">
            <button
              type="button"
              onClick={() => onOpenChange(false)}
              disabled={working}
              className={buttonClass('secondary')}
            >
              {t('backOffice.dialog.cancel')}
            </button>
            <button type="submit" disabled={working} aria-busy={working} className={buttonClass('primary')}>
              {busy
                ? (busyLabel ?? t('backOffice.dialog.saving'))
                : formState.isSubmitting
                  ? t('backOffice.dialog.saving')
                  : (submitLabel ?? t('backOffice.dialog.save'))}
            </button>
          </div>
        </form>
      </FormProvider>
    </AdminDialog>
  );
}
