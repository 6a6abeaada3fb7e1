import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router';
import type { Robot } from '../../../../shared/schemas/catalogue.js';
import { buttonClass } from '../../../components/ui/button-classes';
import { RobotImage } from './robot-image';
import { RobotStats } from './robot-stats';

type RobotCardProps = {
  robot: Robot;
  isSignedIn: boolean;
  eagerImage: boolean;
};

function robotDetailPath(robotId: string): string {
  return `/RobotDetail?${new URLSearchParams({ robotId }).toString()}`;
}

export function RobotCard({ robot, isSignedIn, eagerImage }: RobotCardProps) {
  const { t } = useTranslation();
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-slate-800 bg-slate-900">
      <RobotImage src={robot.image_url} alt={robot.name} eager={eagerImage} />
      <div className="flex flex-1 flex-col gap-4 p-4">
        <div className="flex min-h-14 items-start justify-between gap-3">
          <h3 title={robot.name} className="line-clamp-2 text-lg leading-7 font-semibold text-white">
            {robot.name}
          </h3>
          <span className="shrink-0 rounded-md bg-emerald-500/15 px-2 py-0.5 text-xs leading-5 font-bold text-emerald-300">
            {t('catalogue.aiTag')}
          </span>
        </div>
        <RobotStats robot={robot} />
        <div className="mt-auto pt-2">
          {isSignedIn ? (
            <Link to={robotDetailPath(robot.id)} className={buttonClass('primary', 'w-full')}>
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
