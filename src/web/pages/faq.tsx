import { useTranslation } from 'react-i18next';
import { PageShell } from '../components/ui/page-shell';

export default function FaqPage() {
  const { t } = useTranslation();
  return <PageShell title={t('pages.faq.title')} />;
}
