import { useEffect } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { categoryInputSchema, categoryKeyFromName, type Category, type CategoryInput } from '../../../../shared/schemas/catalogue.js';
import { ActiveToggle } from '../../../components/admin/active-toggle';
import { useAdminList, useAdminMutations } from '../../../components/admin/admin-resource';
import { ConfirmDialog } from '../../../components/admin/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/admin/data-table';
import { FormDialog } from '../../../components/admin/form-dialog';
import { CheckboxField, TextInputField } from '../../../components/admin/form-fields';
import { RowActions } from '../../../components/admin/row-actions';
import { notifyFailure, notifySuccess } from '../../../components/admin/toasts';
import { useCrudPage } from '../../../components/admin/use-crud-page';
import { buttonClass } from '../../../components/ui/button-classes';
import { ApiError } from '../../../lib/api-client';
import { categoriesResource } from '../api/resources';

type CategoryForm = { name: string; key: string; active: boolean };

/** Category management (SPEC §2): name, key, status; the key follows the name until edited. */
export function CategoryManagement() {
  const { t } = useTranslation();
  const categories = useAdminList(categoriesResource);
  const { create, update, remove } = useAdminMutations(categoriesResource);
  const page = useCrudPage<Category>();
  const record = page.editing?.record ?? null;

  async function save(values: CategoryInput) {
    try {
      if (record) await update.mutateAsync({ id: record.id, patch: values });
      else await create.mutateAsync(values);
      notifySuccess(t('backOffice.categories.saved', { name: values.name }));
    } catch (error) {
      notifyFailure(error instanceof ApiError && error.code === 'duplicate_key' ? t('backOffice.categories.duplicateKey', { key: values.key }) : t('backOffice.saveFailed'), error);
      throw error;
    }
  }

  async function toggle(category: Category, active: boolean) {
    try {
      await update.mutateAsync({ id: category.id, patch: { active } });
      notifySuccess(t(active ? 'backOffice.status.activated' : 'backOffice.status.deactivated', { name: category.name }));
    } catch (error) {
      notifyFailure(t('backOffice.saveFailed'), error);
    }
  }

  async function confirmDelete(category: Category) {
    try {
      await remove.mutateAsync(category.id);
      notifySuccess(t('backOffice.deleted', { name: category.name }));
    } catch (error) {
      const robots = error instanceof ApiError && error.code === 'category_in_use' ? Number(error.fields?.robots ?? 0) : null;
      notifyFailure(robots !== null ? t('backOffice.categories.inUse', { count: robots }) : t('backOffice.deleteFailed'));
      throw error;
    }
  }

  const columns: DataTableColumn<Category>[] = [
    { id: 'name', header: t('backOffice.categories.name'), value: (category) => category.name, cell: (category) => category.name, className: 'font-medium text-white' },
    { id: 'key', header: t('backOffice.categories.key'), value: (category) => category.key, cell: (category) => <code className="text-slate-300">{category.key}</code> },
    {
      id: 'status',
      header: t('backOffice.status.header'),
      value: (category) => (category.active ? 1 : 0),
      cell: (category) => <ActiveToggle active={category.active} label={category.name} onToggle={(active) => void toggle(category, active)} />,
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
        rowActions={(category) => <RowActions label={category.name} onEdit={() => page.openEdit(category)} onDelete={() => page.askDelete(category)} />}
      />
      <FormDialog<CategoryForm, CategoryInput>
        open={page.editing !== null}
        onOpenChange={(open) => !open && page.closeForm()}
        title={record ? t('backOffice.categories.editTitle') : t('backOffice.categories.addTitle')}
        schema={categoryInputSchema as never}
        defaultValues={record ? { name: record.name, key: record.key, active: record.active } : { name: '', key: '', active: true }}
        onSubmit={save}
      >
        {(form) => (
          <>
            <TextInputField<CategoryForm> name="name" label={t('backOffice.categories.name')} invalidMessage={t('backOffice.form.required')} />
            <KeyFollowsName form={form} creating={record === null} />
            <TextInputField<CategoryForm> name="key" label={t('backOffice.categories.key')} hint={t('backOffice.categories.keyHint')} invalidMessage={t('backOffice.categories.keyInvalid')} />
            <CheckboxField<CategoryForm> name="active" label={t('backOffice.status.activeLabel')} />
          </>
        )}
      </FormDialog>
      <ConfirmDialog
        open={page.deleting !== null}
        onOpenChange={(open) => !open && page.closeDelete()}
        title={t('backOffice.confirmTitle')}
        message={t('backOffice.categories.confirmDelete', { name: page.deleting?.name ?? '' })}
        confirmLabel={t('backOffice.dialog.delete')}
        onConfirm={() => confirmDelete(page.deleting!)}
      />
    </>
  );
}

/**
 * SPEC §5: while creating, the key is derived from the name until the administrator edits the
 * key themselves (an edited key is "dirty" and is left alone).
 */
function KeyFollowsName({ form, creating }: { form: UseFormReturn<CategoryForm, unknown, CategoryInput>; creating: boolean }) {
  const name = useWatch({ control: form.control, name: 'name' });
  const { setValue, getFieldState } = form;
  useEffect(() => {
    if (creating && !getFieldState('key').isDirty) setValue('key', categoryKeyFromName(name ?? ''), { shouldDirty: false });
  }, [creating, name, setValue, getFieldState]);
  return null;
}
