import { useTranslation } from 'react-i18next';
import { PageShell } from '../components/ui/page-shell';

export default function OrderFormPage() {
  const { t } = useTranslation();
  return <PageShell title={t('pages.orderForm.title')} />;
}
