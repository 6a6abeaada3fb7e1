import { TrendingUp } from 'lucide-react';
import { lazy, startTransition, useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { BackLink } from '../../../components/ui/back-link';
import type { Robot } from '../../../../shared/schemas/catalogue.js';
import { formatPercent } from '../../../lib/format-number';
import { LivePerformanceCard } from './live-performance-card';
import { OrderCard, type OrderAccess, type OrderCardExtras } from './order-card';
import { RiskBadge } from './risk-badge';
import { RobotPicture } from './robot-picture';

/**
 * The long read's code (the description's sanitiser, DOMPurify, and the track record) is a chunk
 * of its own, asked for with the page but run apart from it: evaluated with the page, it made the
 * task before hydration some 10 ms longer on a phone (decision 0030). It renders after hydration
 * anyway, by which time the chunk is there.
 */
const longRead = import('./robot-long-read');
// A failed download shows when the long read renders (the page's error boundary), not before.
longRead.catch(() => undefined);
const LongRead = lazy(() => longRead.then((module) => ({ default: module.LongRead })));

type RobotDetailViewProps = {
  robot: Robot;
  /** The name of the robot's category; undefined while categories load or when it has none. */
  categoryName: string | undefined;
  access: OrderAccess;
} & OrderCardExtras;

/**
 * Everything SPEC §2 lists for a robot's page. On wide screens the price and live figures stay
 * beside the description; on phones they come right after the robot's name, before the long read.
 */
export function RobotDetailView({ robot, categoryName, access, trial }: RobotDetailViewProps) {
  const { t, i18n } = useTranslation();
  // The first paint is the picture, the name and the order card; the long read below them (the
  // sanitised description, the specifications, the track record) renders right after, as a
  // transition React can split into short tasks, so the page answers taps sooner on a phone.
  const [belowFold, setBelowFold] = useState(false);
  useEffect(() => startTransition(() => setBelowFold(true)), []);
  return (
    <div className="page-container py-8 sm:py-10">
      <BackLink to="/">{t('robotDetail.backToCatalog')}</BackLink>
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <header className="grid gap-6 md:grid-cols-2 md:items-center">
          <RobotPicture src={robot.image_url} alt={robot.name} />
          <div className="flex flex-col gap-3">
            {/* Kept one line tall while categories load, so the name below does not move. */}
            <p className="min-h-6 text-sm font-semibold tracking-wide text-emerald-400 uppercase">
              {categoryName !== undefined && (
                <>
                  <span className="sr-only">{t('robotDetail.category')}: </span>
                  {categoryName}
                </>
              )}
            </p>
            <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">{robot.name}</h1>
            <div className="flex flex-wrap items-center gap-3">
              <RiskBadge level={robot.risk_level} />
              <span className="inline-flex items-center gap-1.5 rounded-full bg-slate-800 px-3 py-1 text-sm text-slate-200">
                <TrendingUp aria-hidden="true" className="size-4 text-emerald-400" />
                {t('robotDetail.performance')}{' '}
                <strong className="font-semibold text-white tabular-nums">
                  {formatPercent(robot.performance_estimate, i18n.language)}
                </strong>
              </span>
            </div>
          </div>
        </header>
        <aside className="flex flex-col gap-6 lg:sticky lg:top-24 lg:col-start-2 lg:row-span-3 lg:row-start-1 lg:self-start">
          <OrderCard robot={robot} access={access} trial={trial} />
          <LivePerformanceCard robot={robot} />
        </aside>
        {belowFold && <LongRead robot={robot} />}
      </div>
    </div>
  );
}
