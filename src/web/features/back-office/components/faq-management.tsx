import { useTranslation } from 'react-i18next';
import { faqInputSchema, type Faq, type FaqInput } from '../../../../shared/schemas/catalogue.js';
import { ActiveToggle } from '../../../components/admin/active-toggle';
import { useAdminList, useAdminMutations } from '../../../components/admin/admin-resource';
import { ConfirmDialog } from '../../../components/admin/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/admin/data-table';
import { FormDialog } from '../../../components/admin/form-dialog';
import { CheckboxField, TextAreaField, TextInputField } from '../../../components/admin/form-fields';
import { MoveButtons } from '../../../components/admin/move-buttons';
import { RowActions } from '../../../components/admin/row-actions';
import { notifyFailure, notifySuccess } from '../../../components/admin/toasts';
import { useCrudPage } from '../../../components/admin/use-crud-page';
import { buttonClass } from '../../../components/ui/button-classes';
import { faqsResource } from '../api/resources';

type FaqForm = { question: string; answer: string; active: boolean };

/** FAQ management (SPEC §2, §4): an ordered list; up/down swaps with the neighbour. */
export function FaqManagement() {
  const { t } = useTranslation();
  const faqs = useAdminList(faqsResource);
  const { create, update, remove, move } = useAdminMutations(faqsResource);
  const page = useCrudPage<Faq>();
  const record = page.editing?.record ?? null;

  async function save(values: FaqInput) {
    try {
      if (record) await update.mutateAsync({ id: record.id, patch: values });
      else await create.mutateAsync(values);
      notifySuccess(t('backOffice.faqs.saved'));
    } catch (error) {
      notifyFailure(t('backOffice.saveFailed'), error);
      throw error;
    }
  }

  async function run(work: Promise<unknown>, success: string, failure: string) {
    try {
      await work;
      notifySuccess(success);
    } catch (error) {
      notifyFailure(failure, error);
      throw error;
    }
  }

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
              onMove={(direction) => void run(move.mutateAsync({ id: faq.id, direction }), t('backOffice.moved', { name: faq.question }), t('backOffice.moveFailed')).catch(() => undefined)}
            />
          </span>
        );
      },
    },
    { id: 'question', header: t('backOffice.faqs.question'), cell: (faq) => faq.question, className: 'font-medium text-white' },
    {
      id: 'status',
      header: t('backOffice.status.header'),
      cell: (faq) => (
        <ActiveToggle
          active={faq.active}
          label={faq.question}
          onToggle={(active) =>
            void run(update.mutateAsync({ id: faq.id, patch: { active } }), t(active ? 'backOffice.status.activated' : 'backOffice.status.deactivated', { name: faq.question }), t('backOffice.saveFailed')).catch(() => undefined)
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
        rowActions={(faq) => <RowActions label={faq.question} onEdit={() => page.openEdit(faq)} onDelete={() => page.askDelete(faq)} />}
      />
      <FormDialog<FaqForm, FaqInput>
        open={page.editing !== null}
        onOpenChange={(open) => !open && page.closeForm()}
        title={record ? t('backOffice.faqs.editTitle') : t('backOffice.faqs.addTitle')}
        schema={faqInputSchema as never}
        defaultValues={record ? { question: record.question, answer: record.answer, active: record.active } : { question: '', answer: '', active: true }}
        onSubmit={save}
      >
        {() => (
          <>
            <TextInputField<FaqForm> name="question" label={t('backOffice.faqs.question')} invalidMessage={t('backOffice.form.required')} />
            <TextAreaField<FaqForm> name="answer" label={t('backOffice.faqs.answer')} hint={t('backOffice.faqs.answerHint')} invalidMessage={t('backOffice.form.required')} rows={6} />
            <CheckboxField<FaqForm> name="active" label={t('backOffice.status.activeLabel')} />
          </>
        )}
      </FormDialog>
      <ConfirmDialog
        open={page.deleting !== null}
        onOpenChange={(open) => !open && page.closeDelete()}
        title={t('backOffice.confirmTitle')}
        message={t('backOffice.faqs.confirmDelete', { name: page.deleting?.question ?? '' })}
        confirmLabel={t('backOffice.dialog.delete')}
        onConfirm={() => run(remove.mutateAsync(page.deleting!.id), t('backOffice.deleted', { name: page.deleting!.question }), t('backOffice.deleteFailed'))}
      />
    </>
  );
}
