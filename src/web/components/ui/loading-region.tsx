import { useTranslation } from 'react-i18next';

/**
 * Reserves the page's height while its content loads, so the footer does not jump up and back,
 * and tells assistive technology that something is on its way.
 */
export function LoadingRegion() {
  const { t } = useTranslation();
  return (
    <div className="min-h-[60vh]" aria-busy="true">
      <p role="status" className="sr-only">
        {t('common.loading')}
      </p>
    </div>
  );
}
