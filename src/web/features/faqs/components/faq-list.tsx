import { useTranslation } from '../../../lib/use-translation';
import { useFaqs } from '../api/get-faqs';
import { FaqAccordion } from './faq-accordion';
import { LoadError } from '../../../components/ui/load-error';

const skeletonRows = [0, 1, 2, 3, 4];

/** The public FAQ with its loading, error and empty states. */
export function FaqList() {
  const { t } = useTranslation();
  const { data: faqs, isError, refetch } = useFaqs();

  if (faqs === undefined) {
    if (isError) {
      return <LoadError message={t('faqPage.loadError')} onRetry={() => void refetch()} />;
    }
    return (
      <div aria-busy="true" className="flex flex-col gap-3">
        <p role="status" className="sr-only">
          {t('faqPage.loading')}
        </p>
        {skeletonRows.map((row) => (
          <div
            key={row}
            aria-hidden="true"
            className="h-14 animate-pulse rounded-xl border border-slate-800 bg-slate-900"
          />
        ))}
      </div>
    );
  }
  if (faqs.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-700 p-10 text-center text-slate-300">
        {t('faqPage.empty')}
      </p>
    );
  }
  return <FaqAccordion faqs={faqs} />;
}
