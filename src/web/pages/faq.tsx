import { useTranslation } from '../lib/use-translation';
import { PageShell } from '../components/ui/page-shell';
import { FaqList } from '../features/faqs/components/faq-list';

export default function FaqPage() {
  const { t } = useTranslation();
  return (
    // A screen high in every state: the questions are shorter than a phone screen, and the footer
    // rising into view as they load would be a layout shift.
    <div className="min-h-dvh">
      <PageShell title={t('pages.faq.title')}>
        <div className="mt-8 max-w-3xl">
          <FaqList />
        </div>
      </PageShell>
    </div>
  );
}
