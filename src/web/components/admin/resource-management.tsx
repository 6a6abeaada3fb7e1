import { useState, type ReactNode } from 'react';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../lib/use-translation';
import { useLocalized } from '../../lib/use-localized';
import type { z } from 'zod';
import type { AdminResource } from '../../../shared/admin-resources.js';
import { buttonClass } from '../ui/button-classes';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { DataTable, type DataTableColumn } from './data-table';
import { FormDialog } from './form-dialog';
import { standardColumns, type StandardColumns } from './resource-columns';
import { RowActions } from './row-actions';
import { useCrudPage } from './use-crud-page';
import { useResourceActions, type ResourceFailures, type ResourceTexts } from './use-resource-actions';

type ResourceManagementProps<
  Entity extends { id: string },
  Create extends Patch,
  Patch,
  Form extends FieldValues,
  Output extends Create,
> = {
  /** The descriptor (src/shared/admin-resources.ts): address, schemas, order and active toggle. */
  resource: AdminResource<Entity, Create, Patch>;
  /** Where its texts sit: `backOffice.<texts>` (add, addTitle, editTitle, empty, saved, confirmDelete). */
  texts: ResourceTexts;
  /** Names the table for assistive technology (the page's title). */
  label: string;
  /** The table's columns, the standard order and status columns among them where the page puts them. */
  columns: (standard: StandardColumns<Entity>) => DataTableColumn<Entity>[];
  searchable?: boolean;
  /** False for a list read in its order (see DataTable). */
  sortable?: boolean;
  pageSize?: number;
  /** The form's schema: the create schema, or one built on it for fields typed otherwise. */
  schema: z.ZodType<Output, Form>;
  /** What the form shows for `record`, or for a new one (null). */
  values: (record: Entity | null) => DefaultValues<Form>;
  /** The dialog's fields; `onBusyChange` holds the save while an upload runs. */
  fields: (
    form: UseFormReturn<Form, unknown, Output>,
    context: { record: Entity | null; onBusyChange: (busy: boolean) => void },
  ) => ReactNode;
  /** The save button's words while a field is busy. */
  busyLabel?: string;
  failures?: ResourceFailures<Create>;
};

/**
 * A back-office page of one resource: its table (the page's columns, with the standard order and
 * status columns and edit/delete buttons), the create/edit dialog (the page's fields) and the
 * delete confirmation, every write with its toasts. A page gives its columns and fields.
 */
export function ResourceManagement<
  Entity extends { id: string },
  Create extends Patch,
  Patch,
  Form extends FieldValues,
  Output extends Create,
>({
  resource,
  texts,
  label,
  columns,
  searchable,
  sortable,
  pageSize,
  schema,
  values,
  fields,
  busyLabel,
  failures,
}: ResourceManagementProps<Entity, Create, Patch, Form, Output>) {
  const { t } = useTranslation();
  const actions = useResourceActions(resource, texts, failures);
  const page = useCrudPage<Entity>();
  const [busy, setBusy] = useState(false);
  const record = page.editing?.record ?? null;
  const show = useLocalized();
  const nameOf = (row: Entity) => resource.label(row, show);
  const standard = standardColumns(resource, { ...actions, rows: actions.list.data ?? [] }, t, show);

  return (
    <>
      <DataTable
        label={label}
        rows={actions.list.data}
        columns={columns(standard)}
        getRowId={(row) => row.id}
        query={actions.list}
        emptyMessage={t(`backOffice.${texts}.empty`)}
        searchable={searchable}
        sortable={sortable}
        pageSize={pageSize}
        toolbar={
          <button type="button" onClick={page.openCreate} className={buttonClass('primary')}>
            {t(`backOffice.${texts}.add`)}
          </button>
        }
        rowActions={(row) => (
          <RowActions label={nameOf(row)} onEdit={() => page.openEdit(row)} onDelete={() => page.askDelete(row)} />
        )}
      />
      <FormDialog
        open={page.editing !== null}
        onOpenChange={(open) => !open && page.closeForm()}
        title={record ? t(`backOffice.${texts}.editTitle`) : t(`backOffice.${texts}.addTitle`)}
        schema={schema}
        defaultValues={values(record)}
        onSubmit={(output) => actions.save(record, output)}
        busy={busy}
        busyLabel={busyLabel}
      >
        {(form) => fields(form, { record, onBusyChange: setBusy })}
      </FormDialog>
      <ConfirmDeleteDialog
        record={page.deleting}
        onClose={page.closeDelete}
        message={(deleting) => t(`backOffice.${texts}.confirmDelete`, { name: nameOf(deleting) })}
        onConfirm={actions.remove}
      />
    </>
  );
}
