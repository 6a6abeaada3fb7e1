import { useTranslation } from '../../lib/use-translation';

/**
 * Reserves the page's height while its content loads, and tells assistive technology that
 * something is on its way. A full screen of height keeps the footer below the fold meanwhile: with
 * less, the footer shows at the bottom of the screen and jumps away when the page arrives, a
 * layout shift (Lighthouse measured 0.32 CLS on Home with 60vh).
 */
export function LoadingRegion() {
  const { t } = useTranslation();
  return (
    <div className="min-h-dvh" aria-busy="true">
      <p role="status" className="sr-only">
        {t('common.loading')}
      </p>
    </div>
  );
}
