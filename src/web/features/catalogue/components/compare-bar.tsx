import { GitCompareArrows, X } from 'lucide-react';
import { useTranslation } from '../../../lib/use-translation';
import type { Robot } from '../../../../shared/schemas/catalogue.js';
import { buttonClass } from '../../../components/ui/button-classes';
import { Link } from '../../../lib/router';
import { comparePath, MAX_COMPARED } from '../compare-selection';

/**
 * The robots chosen on the cards, kept in view while the visitor scrolls the grid; the
 * comparison opens from two on. It leaves room on the right for the chat button.
 */
export function CompareBar({ robots, onClear }: { robots: readonly Robot[]; onClear: () => void }) {
  const { t } = useTranslation();
  const ready = robots.length >= 2;
  return (
    <div
      role="region"
      aria-label={t('catalogue.compare.bar')}
      className="sticky bottom-4 z-20 mr-16 flex flex-col gap-3 rounded-xl border border-slate-700 bg-slate-900/95 p-3 shadow-xl shadow-slate-950/60 backdrop-blur sm:mr-20 sm:flex-row sm:items-center sm:justify-between lg:mr-0 lg:max-w-3xl"
    >
      <p className="text-sm text-slate-300">
        <span className="font-semibold text-white">
          {t('catalogue.compare.chosen', { count: robots.length, max: MAX_COMPARED })}
        </span>{' '}
        <span className="break-words">{robots.map((robot) => robot.name).join(', ')}</span>
        {!ready && <span className="block text-slate-400">{t('catalogue.compare.chooseAnother')}</span>}
      </p>
      <div className="flex shrink-0 gap-2">
        {ready ? (
          <Link to={comparePath(robots.map((robot) => robot.id))} className={buttonClass('primary')}>
            <GitCompareArrows aria-hidden="true" className="size-4" />
            {t('catalogue.compare.open')}
          </Link>
        ) : (
          <button type="button" disabled className={buttonClass('primary')}>
            <GitCompareArrows aria-hidden="true" className="size-4" />
            {t('catalogue.compare.open')}
          </button>
        )}
        <button type="button" onClick={onClear} className={buttonClass('secondary')}>
          <X aria-hidden="true" className="size-4" />
          {t('catalogue.compare.clear')}
        </button>
      </div>
    </div>
  );
}
