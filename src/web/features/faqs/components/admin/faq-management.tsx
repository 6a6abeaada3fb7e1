import { useTranslation } from '../../../../lib/use-translation';
import type { z } from 'zod';
import { faqsResource } from '../../../../../shared/admin-resources.js';
import { faqInputSchema } from '../../../../../shared/schemas/catalogue.js';
import { CheckboxField, TextAreaField, TextInputField } from '../../../../components/admin/form-fields';
import { ResourceManagement } from '../../../../components/admin/resource-management';

type FaqForm = z.input<typeof faqInputSchema>;

/** FAQ management (SPEC §2, §4): an ordered list; up/down swaps with the neighbour. */
export function FaqManagement() {
  const { t } = useTranslation();
  return (
    <ResourceManagement
      resource={faqsResource}
      texts="faqs"
      label={t('admin.faqManagement.title')}
      sortable={false}
      pageSize={100}
      columns={(standard) => [
        standard.order('position'),
        standard.name(t('backOffice.faqs.question')),
        standard.active,
      ]}
      schema={faqInputSchema}
      values={(faq) => ({ question: faq?.question ?? '', answer: faq?.answer ?? '', active: faq?.active ?? true })}
      fields={() => (
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
    />
  );
}
