import { useTranslation } from 'react-i18next';
import { faqInputSchema, type Faq, type FaqInput } from '../../../../../shared/schemas/catalogue.js';
import { ActiveToggle } from '../../../../components/admin/active-toggle';
import { useAdminList, useAdminMutations } from '../../../../components/admin/admin-resource';
import { ConfirmDeleteDialog } from '../../../../components/admin/confirm-delete-dialog';
import { DataTable, type DataTableColumn } from '../../../../components/admin/data-table';
import { FormDialog } from '../../../../components/admin/form-dialog';
import { CheckboxField, TextAreaField, TextInputField } from '../../../../components/admin/form-fields';
import { MoveButtons } from '../../../../components/admin/move-buttons';
import { RowActions } from '../../../../components/admin/row-actions';
import { withToasts } from '../../../../components/admin/toasts';
import { useCrudPage } from '../../../../components/admin/use-crud-page';
import { buttonClass } from '../../../../components/ui/button-classes';
import { faqsResource } from '../../api/admin/faqs-resource';

type FaqForm = { question: string; answer: string; active: boolean };

/** FAQ management (SPEC §2, §4): an ordered list; up/down swaps with the neighbour. */
export function FaqManagement() {
  const { t } = useTranslation();
  const faqs = useAdminList(faqsResource);
  const { create, update, remove, move } = useAdminMutations(faqsResource);
  const page = useCrudPage<Faq>();
  const record = page.editing?.record ?? null;

  const save = (values: FaqInput) =>
    withToasts(
      record ? update.mutateAsync({ id: record.id, patch: values }) : create.mutateAsync(values),
      t('backOffice.faqs.saved'),
      t('backOffice.saveFailed'),
    );

  const columns: DataTableColumn<Faq>[] = [
    {
      id: 'order',
      header: t('backOffice.order'),
      cell: (faq) => {
        const all = faqs.data ?? [];
        return (
          <span className="inline-flex items-center gap-3">
            <span className="w-6 text-right text-slate-400 tabular-nums">{all.indexOf(faq) + 1}</span>
            <MoveButtons
              label={faq.question}
              index={all.indexOf(faq)}
              count={all.length}
              disabled={move.isPending}
              onMove={(direction) =>
                void withToasts(
                  move.mutateAsync({ id: faq.id, direction }),
                  t('backOffice.moved', { name: faq.question }),
                  t('backOffice.moveFailed'),
                ).catch(() => undefined)
              }
            />
          </span>
        );
      },
    },
    {
      id: 'question',
      header: t('backOffice.faqs.question'),
      cell: (faq) => faq.question,
      className: 'font-medium text-white',
    },
    {
      id: 'status',
      header: t('backOffice.status.header'),
      cell: (faq) => (
        <ActiveToggle
          active={faq.active}
          label={faq.question}
          onToggle={(active) =>
            void withToasts(
              update.mutateAsync({ id: faq.id, patch: { active } }),
              t(active ? 'backOffice.status.activated' : 'backOffice.status.deactivated', { name: faq.question }),
              t('backOffice.saveFailed'),
            ).catch(() => undefined)
          }
        />
      ),
    },
  ];

  return (
    <>
      <DataTable
        label={t('admin.faqManagement.title')}
        rows={faqs.data}
        columns={columns}
        getRowId={(faq) => faq.id}
        query={faqs}
        emptyMessage={t('backOffice.faqs.empty')}
        pageSize={100}
        toolbar={
          <button type="button" onClick={page.openCreate} className={buttonClass('primary')}>
            {t('backOffice.faqs.add')}
          </button>
        }
        rowActions={(faq) => (
          <RowActions label={faq.question} onEdit={() => page.openEdit(faq)} onDelete={() => page.askDelete(faq)} />
        )}
      />
      <FormDialog<FaqForm, FaqInput>
        open={page.editing !== null}
        onOpenChange={(open) => !open && page.closeForm()}
        title={record ? t('backOffice.faqs.editTitle') : t('backOffice.faqs.addTitle')}
        schema={faqInputSchema as never}
        defaultValues={
          record
            ? { question: record.question, answer: record.answer, active: record.active }
            : { question: '', answer: '', active: true }
        }
        onSubmit={save}
      >
        {() => (
          <>
            <TextInputField<FaqForm>
              name="question"
              label={t('backOffice.faqs.question')}
              invalidMessage={t('backOffice.form.required')}
            />
            <TextAreaField<FaqForm>
              name="answer"
              label={t('backOffice.faqs.answer')}
              hint={t('backOffice.faqs.answerHint')}
              invalidMessage={t('backOffice.form.required')}
              rows={6}
            />
            <CheckboxField<FaqForm> name="active" label={t('backOffice.status.activeLabel')} />
          </>
        )}
      </FormDialog>
      <ConfirmDeleteDialog
        record={page.deleting}
        onClose={page.closeDelete}
        message={(record) => t('backOffice.faqs.confirmDelete', { name: record.question })}
        onConfirm={(record) =>
          withToasts(
            remove.mutateAsync(record.id),
            t('backOffice.deleted', { name: record.question }),
            t('backOffice.deleteFailed'),
          )
        }
      />
    </>
  );
}
