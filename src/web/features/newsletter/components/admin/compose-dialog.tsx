import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from '../../../../lib/use-translation';
import {
  templateInputSchema,
  type NewsletterTemplate,
  type SendNewsletterResult,
  type SubscriberSelection,
  type TemplateInput,
} from '../../../../../shared/schemas/newsletter.js';
import { AdminDialog } from '../../../../components/admin/admin-dialog';
import { useAdminList, useAdminMutations } from '../../../../components/admin/admin-resource';
import { ConfirmDeleteDialog } from '../../../../components/admin/confirm-delete-dialog';
import { TextInputField } from '../../../../components/admin/form-fields';
import { RichTextField } from '../../../../components/admin/rich-text-field';
import { withToasts } from '../../../../components/admin/toasts';
import { Alert } from '../../../../components/ui/alert';
import { buttonClass } from '../../../../components/ui/button-classes';
import { ApiError, errorCodeOf } from '../../../../lib/api-client';
import { newsletterTemplates } from '../../api/admin/newsletter-templates';
import { useSendNewsletter } from '../../api/admin/send-newsletter';

/** SPEC §4: the dialog closes 2 s after the success message. */
const CLOSE_AFTER_SUCCESS_MS = 2000;

type ComposeDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  selection: SubscriberSelection;
  count: number;
};

/**
 * SPEC §2 compose dialog: template picker, title, rich-text content; sends to the selection.
 * The page mounts it only while open, so each opening starts a new composition.
 */
export function ComposeDialog({ open, onOpenChange, selection, count }: ComposeDialogProps) {
  const { t } = useTranslation();
  const pickerId = useId();
  const templates = useAdminList(newsletterTemplates);
  const { remove } = useAdminMutations(newsletterTemplates);
  const send = useSendNewsletter();
  const [templateId, setTemplateId] = useState('');
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; lines: string[] } | null>(null);
  const form = useForm<TemplateInput>({
    resolver: zodResolver(templateInputSchema),
    defaultValues: { title: '', content: '' },
  });
  const chosen = templates.data?.find((template) => template.id === templateId);
  const succeeded = outcome?.tone === 'success';

  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => onOpenChange(false), CLOSE_AFTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [succeeded, onOpenChange]);

  function pickTemplate(id: string) {
    setTemplateId(id);
    const template = templates.data?.find((candidate) => candidate.id === id);
    if (template) form.reset({ title: template.title, content: template.content });
  }

  async function deleteTemplate(template: NewsletterTemplate) {
    await withToasts(
      remove.mutateAsync(template.id),
      t('newsletterManagement.compose.templateDeleted', { title: template.title }),
      t('newsletterManagement.compose.templateDeleteFailed'),
    );
    setTemplateId('');
  }

  const submit = form.handleSubmit(async (values) => {
    setOutcome(null);
    try {
      const result = await send.mutateAsync({
        ...values,
        recipients: selection.ids,
        q: selection.q,
        ...(templateId ? { template_id: templateId } : {}),
      });
      setOutcome({ tone: 'success', lines: successLines(result) });
    } catch (error) {
      setOutcome({
        tone: 'error',
        lines: [t('newsletterManagement.compose.sendError', { detail: errorDetail(error) })],
      });
    }
  });

  function successLines(result: SendNewsletterResult): string[] {
    const lines = [t('newsletterManagement.compose.sent')];
    if (result.campaign.channel === 'email')
      lines.push(t('newsletterManagement.compose.queued', { count: result.campaign.recipients }));
    if (result.template) lines.push(t('newsletterManagement.compose.templateSaved', { title: result.template.title }));
    return lines;
  }

  function errorDetail(error: unknown): string {
    if (!(error instanceof ApiError)) return t('newsletterManagement.compose.unknownError');
    switch (errorCodeOf(error)) {
      case 'newsletter_not_configured':
        return t('newsletterManagement.compose.notConfigured');
      case 'newsletter_workflow_error':
        return t('newsletterManagement.compose.httpError', {
          status: error.fields?.status ?? error.status,
          message: error.fields?.message ?? '',
        });
      case 'newsletter_not_confirmed':
        return t('newsletterManagement.compose.notConfirmed');
      case 'bad_request':
      case 'validation_failed':
        return error.fields?.['body.recipients']
          ? t('newsletterManagement.compose.noRecipient')
          : t('newsletterManagement.compose.required');
      default:
        return error.message;
    }
  }

  const working = form.formState.isSubmitting || succeeded;
  const templateOptions = templates.data ?? [];
  return (
    <AdminDialog
      open={open}
      onOpenChange={(next) => !form.formState.isSubmitting && onOpenChange(next)}
      title={t('newsletterManagement.compose.title')}
      description={t('newsletterManagement.compose.recipients', { count })}
    >
      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={pickerId} className="text-sm font-medium text-slate-200">
              {t('newsletterManagement.compose.template')}
            </label>
            <div className="flex gap-2">
              <select
                id={pickerId}
                value={templateId}
                onChange={(event) => pickTemplate(event.target.value)}
                className="min-h-11 w-full min-w-0 rounded-lg border border-slate-700 bg-slate-950 px-3 text-slate-100"
              >
                <option value="">{t('newsletterManagement.compose.noTemplate')}</option>
                {templateOptions.map((template) => (
                  <option key={template.id} value={template.id}>
                    {template.title}
                  </option>
                ))}
              </select>
              <button
                type="button"
                disabled={!chosen}
                onClick={() => setConfirmingDelete(true)}
                aria-label={t('newsletterManagement.compose.deleteTemplate')}
                title={t('newsletterManagement.compose.deleteTemplate')}
                className={buttonClass('secondary', 'w-11 shrink-0 px-0 text-red-300 disabled:opacity-40')}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </button>
            </div>
          </div>
          <TextInputField<TemplateInput>
            name="title"
            label={t('newsletterManagement.compose.titleLabel')}
            invalidMessage={t('newsletterManagement.compose.required')}
          />
          <div className="flex flex-col gap-1.5">
            <RichTextField<TemplateInput> name="content" label={t('newsletterManagement.compose.content')} />
            {form.formState.errors.content && (
              <p className="text-sm text-red-300">{t('newsletterManagement.compose.required')}</p>
            )}
          </div>
          {outcome && (
            <Alert tone={outcome.tone}>
              {outcome.lines.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </Alert>
          )}
          <div className="sticky bottom-0 -mx-6 -mb-6 flex flex-wrap justify-end gap-2 border-t border-slate-800 bg-slate-900 px-6 py-4">
            <button
              type="button"
              onClick={() => onOpenChange(false)}
              disabled={form.formState.isSubmitting}
              className={buttonClass('secondary')}
            >
              {t('backOffice.dialog.cancel')}
            </button>
            <button
              type="submit"
              disabled={working || count === 0}
              aria-busy={form.formState.isSubmitting}
              className={buttonClass('primary')}
            >
              {form.formState.isSubmitting
                ? t('newsletterManagement.compose.sending')
                : t('newsletterManagement.compose.submit', { count })}
            </button>
          </div>
        </form>
      </FormProvider>
      <ConfirmDeleteDialog
        record={confirmingDelete ? (chosen ?? null) : null}
        onClose={() => setConfirmingDelete(false)}
        message={(template) => t('newsletterManagement.compose.deleteTemplateQuestion', { title: template.title })}
        onConfirm={deleteTemplate}
      />
    </AdminDialog>
  );
}
