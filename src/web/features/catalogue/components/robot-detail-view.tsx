import { TrendingUp } from 'lucide-react';
import { memo, startTransition, useEffect, useId, useState } from 'react';
import { useLocalized } from '../../../lib/use-localized';
import { useTranslation } from '../../../lib/use-translation';
import { BackLink } from '../../../components/ui/back-link';
import type { Robot } from '../../../../shared/schemas/catalogue.js';
import { RichText } from '../../../components/ui/rich-text';
import { formatPercent } from '../../../lib/format-number';
import { LivePerformanceCard } from './live-performance-card';
import { OrderCard, type OrderAccess, type OrderCardExtras } from './order-card';
import { RiskBadge } from './risk-badge';
import { RobotPicture } from './robot-picture';
import { TechnicalSpecs } from './technical-specs';
import { TrackRecordSection } from './track-record-section';

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

/**
 * The description, the specifications and the track record: they depend on the robot only, so the
 * session's answer (which re-renders the order card) does not render them again.
 */
const LongRead = memo(function LongRead({ robot }: { robot: Robot }) {
  const { t } = useTranslation();
  // The description in the reader's language, else the shop's (issue 19 §2).
  const localized = useLocalized();
  const descriptionId = useId();
  return (
    <>
      <section aria-labelledby={descriptionId} className="rounded-xl border border-slate-800 bg-slate-900 p-5 sm:p-6">
        <h2 id={descriptionId} className="text-xl font-semibold text-white">
          {t('robotDetail.description')}
        </h2>
        <RichText
          html={localized(robot.description)}
          className="mt-4"
          fallback={<p className="mt-4 text-slate-300">{t('common.noValue')}</p>}
        />
      </section>
      <TechnicalSpecs robot={robot} />
      {/* The whole width: its chart, figures and monthly table need it. */}
      <TrackRecordSection robot={robot} className="lg:col-span-2" />
    </>
  );
});
