import { useTranslation } from '../lib/use-translation';
import { ContentPageView } from '../features/pages/components/content-page-view';

export default function UpdatePage() {
  const { t } = useTranslation();
  return <ContentPageView slug="update" defaultTitle={t('pages.update.title')} />;
}
