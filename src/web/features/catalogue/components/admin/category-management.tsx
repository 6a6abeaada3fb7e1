import { useEffect } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  categoryInputSchema,
  categoryKeyFromName,
  type Category,
  type CategoryInput,
} from '../../../../../shared/schemas/catalogue.js';
import { ActiveToggle } from '../../../../components/admin/active-toggle';
import { useAdminList, useAdminMutations } from '../../../../components/admin/admin-resource';
import { ConfirmDeleteDialog } from '../../../../components/admin/confirm-delete-dialog';
import { DataTable, type DataTableColumn } from '../../../../components/admin/data-table';
import { FormDialog } from '../../../../components/admin/form-dialog';
import { CheckboxField, TextInputField } from '../../../../components/admin/form-fields';
import { RowActions } from '../../../../components/admin/row-actions';
import { withToasts } from '../../../../components/admin/toasts';
import { useCrudPage } from '../../../../components/admin/use-crud-page';
import { buttonClass } from '../../../../components/ui/button-classes';
import { ApiError, errorCodeOf } from '../../../../lib/api-client';
import { categoriesResource } from '../../api/admin/catalogue-resources';

type CategoryForm = { name: string; key: string; active: boolean };

/** Category management (SPEC §2): name, key, status; the key follows the name until edited. */
export function CategoryManagement() {
  const { t } = useTranslation();
  const categories = useAdminList(categoriesResource);
  const { create, update, remove } = useAdminMutations(categoriesResource);
  const page = useCrudPage<Category>();
  const record = page.editing?.record ?? null;

  const save = (values: CategoryInput) =>
    withToasts(
      record ? update.mutateAsync({ id: record.id, patch: values }) : create.mutateAsync(values),
      t('backOffice.categories.saved', { name: values.name }),
      (error) =>
        errorCodeOf(error) === 'duplicate_key'
          ? t('backOffice.categories.duplicateKey', { key: values.key })
          : t('backOffice.saveFailed'),
    );

  const toggle = (category: Category, active: boolean) =>
    withToasts(
      update.mutateAsync({ id: category.id, patch: { active } }),
      t(active ? 'backOffice.status.activated' : 'backOffice.status.deactivated', { name: category.name }),
      t('backOffice.saveFailed'),
    ).catch(() => undefined);

  // A category robots use cannot go: the message says how many.
  const confirmDelete = (category: Category) =>
    withToasts(remove.mutateAsync(category.id), t('backOffice.deleted', { name: category.name }), (error) =>
      error instanceof ApiError && errorCodeOf(error) === 'category_in_use'
        ? t('backOffice.categories.inUse', { count: Number(error.fields?.robots ?? 0) })
        : t('backOffice.deleteFailed'),
    );

  const columns: DataTableColumn<Category>[] = [
    {
      id: 'name',
      header: t('backOffice.categories.name'),
      value: (category) => category.name,
      cell: (category) => category.name,
      className: 'font-medium text-white',
    },
    {
      id: 'key',
      header: t('backOffice.categories.key'),
      value: (category) => category.key,
      cell: (category) => <code className="text-slate-300">{category.key}</code>,
    },
    {
      id: 'status',
      header: t('backOffice.status.header'),
      value: (category) => (category.active ? 1 : 0),
      cell: (category) => (
        <ActiveToggle
          active={category.active}
          label={category.name}
          onToggle={(active) => void toggle(category, active)}
        />
      ),
    },
  ];

  return (
    <>
      <DataTable
        label={t('admin.categoryManagement.title')}
        rows={categories.data}
        columns={columns}
        getRowId={(category) => category.id}
        query={categories}
        emptyMessage={t('backOffice.categories.empty')}
        searchable
        toolbar={
          <button type="button" onClick={page.openCreate} className={buttonClass('primary')}>
            {t('backOffice.categories.add')}
          </button>
        }
        rowActions={(category) => (
          <RowActions
            label={category.name}
            onEdit={() => page.openEdit(category)}
            onDelete={() => page.askDelete(category)}
          />
        )}
      />
      <FormDialog<CategoryForm, CategoryInput>
        open={page.editing !== null}
        onOpenChange={(open) => !open && page.closeForm()}
        title={record ? t('backOffice.categories.editTitle') : t('backOffice.categories.addTitle')}
        schema={categoryInputSchema as never}
        defaultValues={
          record ? { name: record.name, key: record.key, active: record.active } : { name: '', key: '', active: true }
        }
        onSubmit={save}
      >
        {(form) => (
          <>
            <TextInputField<CategoryForm>
              name="name"
              label={t('backOffice.categories.name')}
              invalidMessage={t('backOffice.form.required')}
            />
            <KeyFollowsName form={form} creating={record === null} />
            <TextInputField<CategoryForm>
              name="key"
              label={t('backOffice.categories.key')}
              hint={t('backOffice.categories.keyHint')}
              invalidMessage={t('backOffice.categories.keyInvalid')}
            />
            <CheckboxField<CategoryForm> name="active" label={t('backOffice.status.activeLabel')} />
          </>
        )}
      </FormDialog>
      <ConfirmDeleteDialog
        record={page.deleting}
        onClose={page.closeDelete}
        message={(category) => t('backOffice.categories.confirmDelete', { name: category.name })}
        onConfirm={confirmDelete}
      />
    </>
  );
}

/**
 * SPEC §5: while creating, the key is derived from the name until the administrator edits the
 * key themselves (an edited key is "dirty" and is left alone).
 */
function KeyFollowsName({
  form,
  creating,
}: {
  form: UseFormReturn<CategoryForm, unknown, CategoryInput>;
  creating: boolean;
}) {
  const name = useWatch({ control: form.control, name: 'name' });
  const { setValue, getFieldState } = form;
  useEffect(() => {
    if (creating && !getFieldState('key').isDirty)
      setValue('key', categoryKeyFromName(name ?? ''), { shouldDirty: false });
  }, [creating, name, setValue, getFieldState]);
  return null;
}
