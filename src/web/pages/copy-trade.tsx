import { useTranslation } from '../lib/use-translation';
import { ContentPageView } from '../features/pages/components/content-page-view';

export default function CopyTradePage() {
  const { t } = useTranslation();
  return <ContentPageView slug="copy_trade" defaultTitle={t('pages.copyTrade.title')} />;
}
