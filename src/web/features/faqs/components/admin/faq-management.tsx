import { useTranslation } from '../../../../lib/use-translation';
import type { z } from 'zod';
import { faqsResource } from '../../../../../shared/admin-resources.js';
import { emptyLocalizedText } from '../../../../../shared/localized-text.js';
import { faqInputSchema } from '../../../../../shared/schemas/catalogue.js';
import { CheckboxField, TextAreaField, TextInputField } from '../../../../components/admin/form-fields';
import { LanguageTabs } from '../../../../components/admin/language-tabs';
import { ResourceManagement } from '../../../../components/admin/resource-management';

type FaqForm = z.input<typeof faqInputSchema>;

/**
 * FAQ management (SPEC §2, §4): an ordered list; up/down swaps with the neighbour. Each question
 * and answer is written in English and French (issue 19 §2); the table shows the administrator's
 * language, or the shop's default one where a translation is missing.
 */
export function FaqManagement() {
  const { t } = useTranslation();
  const labels = { question: t('backOffice.faqs.question'), answer: t('backOffice.faqs.answer') };
  return (
    <ResourceManagement
      resource={faqsResource}
      texts="faqs"
      label={t('admin.faqManagement.title')}
      sortable={false}
      pageSize={100}
      columns={(standard) => [standard.order(), standard.name(labels.question), standard.active]}
      schema={faqInputSchema}
      values={(faq) => ({
        question: { ...(faq?.question ?? emptyLocalizedText()) },
        answer: { ...(faq?.answer ?? emptyLocalizedText()) },
        active: faq?.active ?? true,
      })}
      fields={() => (
        <>
          <LanguageTabs<FaqForm> fields={['question', 'answer']} labels={labels}>
            {(language) => (
              <>
                <TextInputField<FaqForm>
                  name={`question.${language}`}
                  label={labels.question}
                  invalidMessage={t('backOffice.faqs.questionTooLong')}
                />
                <TextAreaField<FaqForm>
                  name={`answer.${language}`}
                  label={labels.answer}
                  hint={t('backOffice.faqs.answerHint')}
                  invalidMessage={t('backOffice.faqs.answerTooLong')}
                  rows={6}
                />
              </>
            )}
          </LanguageTabs>
          <CheckboxField<FaqForm> name="active" label={t('backOffice.status.activeLabel')} />
        </>
      )}
    />
  );
}
