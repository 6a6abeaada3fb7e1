import { clsx } from 'clsx';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from '../../../lib/router';
import { robotPath } from '../../../../shared/robot-slug.js';
import type { Robot } from '../../../../shared/schemas/catalogue.js';
import { buttonClass } from '../../../components/ui/button-classes';
import { formatUsd } from '../../../lib/format-number';
import { RobotImage } from './robot-image';
import { RobotStats } from './robot-stats';

type RobotCardProps = {
  robot: Robot;
  isSignedIn: boolean;
  eagerImage: boolean;
  /** Whether the robot is among those chosen for comparison, and whether it may be added. */
  compare: { selected: boolean; full: boolean; onChange: (selected: boolean) => void };
};

/**
 * The image and the name lead to the robot's page for everyone; ordering still needs an account
 * (SPEC §2: 'Sign In Required' for visitors). The image link is a duplicate of the name's for
 * the mouse only, so keyboards and screen readers meet one link per card.
 */
export function RobotCard({ robot, isSignedIn, eagerImage, compare }: RobotCardProps) {
  const { t, i18n } = useTranslation();
  const detailPath = robotPath(robot.slug);
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-slate-800 bg-slate-900">
      <Link to={detailPath} tabIndex={-1} aria-hidden="true" className="block transition-opacity hover:opacity-90">
        <RobotImage src={robot.image_url} alt="" eager={eagerImage} />
      </Link>
      <div className="flex flex-1 flex-col gap-4 p-4">
        <div className="flex min-h-14 items-start justify-between gap-3">
          <h3 title={robot.name} className="line-clamp-2 text-lg leading-7 font-semibold text-white">
            <Link to={detailPath} className="rounded-sm underline-offset-4 hover:text-emerald-300 hover:underline">
              {robot.name}
            </Link>
          </h3>
          <span className="shrink-0 rounded-md bg-emerald-500/15 px-2 py-0.5 text-xs leading-5 font-bold text-emerald-300">
            {t('catalogue.aiTag')}
          </span>
        </div>
        <p className="-mt-2 text-2xl leading-8 font-bold text-white tabular-nums">
          <span className="sr-only">{t('browse.price')}: </span>
          {formatUsd(robot.price, i18n.language)}
        </p>
        <RobotStats robot={robot} />
        <label
          className={clsx(
            'inline-flex min-h-11 w-fit items-center gap-2 text-sm',
            compare.full && !compare.selected ? 'text-slate-500' : 'cursor-pointer text-slate-300',
          )}
        >
          <input
            type="checkbox"
            checked={compare.selected}
            disabled={compare.full && !compare.selected}
            onChange={(event) => compare.onChange(event.target.checked)}
            aria-label={t('catalogue.compare.toggle', { name: robot.name })}
            className="size-4 accent-emerald-500"
          />
          {t('catalogue.compare.label')}
        </label>
        <div className="mt-auto">
          {isSignedIn ? (
            <Link to={detailPath} className={buttonClass('primary', 'w-full')}>
              {t('catalogue.book')}
            </Link>
          ) : (
            <button type="button" disabled className={buttonClass('primary', 'w-full')}>
              {t('catalogue.signInRequired')}
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
