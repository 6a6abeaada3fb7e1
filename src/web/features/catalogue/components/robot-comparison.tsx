import { X } from 'lucide-react';
import { useCallback, useId, useMemo, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { BackLink } from '../../../components/ui/back-link';
import type { Robot } from '../../../../shared/schemas/catalogue.js';
import type { TrackRecord } from '../../../../shared/schemas/track-record.js';
import { buttonClass } from '../../../components/ui/button-classes';
import { LoadingRegion } from '../../../components/ui/loading-region';
import { formatSignedPercent, formatUsd } from '../../../lib/format-number';
import { Link, useSearchParams } from '../../../lib/router';
import { useRobots } from '../api/get-robots';
import { useTrackRecords } from '../api/get-track-record';
import { parseCompared } from '../compare-selection';
import { verifiedSiteOf } from '../verified-site';
import { TrackChart, type ChartSeries } from './track-chart';
import { figureValue, type FigureKey } from './track-record-figures';
import { robotPath } from '../../../../shared/robot-slug.js';

/** One colour per robot, in the order they were chosen; the legend repeats them. */
const robotColours = ['#34d399', '#38bdf8', '#fbbf24'];

const ROWS: readonly FigureKey[] = [
  'growth',
  'equityDrawdown',
  'balanceDrawdown',
  'bestMonth',
  'worstMonth',
  'winRate',
  'profitFactor',
  'trades',
  'expectancy',
  'age',
  'lastData',
];

const ROBOTS_PARAM = 'robots';

type Compared = { robot: Robot; record: TrackRecord | undefined; colour: string };

/** The growth curves of the robots on one chart: growth, unlike money, compares between accounts. */
function ComparisonChart({ compared }: { compared: readonly Compared[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const series = useMemo<ChartSeries[]>(
    () =>
      compared
        .filter(({ record }) => (record?.curve.length ?? 0) >= 2)
        .map(({ robot, record, colour }) => ({
          label: robot.name,
          colour,
          points: record!.curve.map((point) => ({ time: point.time, value: point.growth })),
        })),
    [compared],
  );
  const formatValue = useCallback((value: number) => formatSignedPercent(value, language) ?? '', [language]);
  if (series.length === 0) return <p className="text-sm text-slate-400">{t('compare.noCurves')}</p>;
  return (
    <figure>
      <TrackChart series={series} formatValue={formatValue} language={language} linesOnly />
      <figcaption className="mt-2 text-sm text-slate-400">
        {t('compare.chartCaption', {
          robots: compared
            .map(({ robot, record }) =>
              t('compare.chartCaptionRobot', {
                name: robot.name,
                growth: formatSignedPercent(record?.figures.growth, language) ?? t('common.noValue'),
              }),
            )
            .join(', '),
        })}
      </figcaption>
    </figure>
  );
}

/** A robot's column head (or, on a phone, its chip): colour, name linking to its page, and Remove. */
function RobotHead({ robot, colour, onRemove }: { robot: Robot; colour: string; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <span className="flex items-start justify-between gap-2">
      <span className="flex items-center gap-2">
        <span
          aria-hidden="true"
          className="inline-block size-2.5 shrink-0 rounded-full"
          style={{ backgroundColor: colour }}
        />
        <Link to={robotPath(robot.slug)} className="font-semibold text-white underline-offset-4 hover:underline">
          {robot.name}
        </Link>
      </span>
      <button
        type="button"
        onClick={onRemove}
        aria-label={t('compare.remove', { name: robot.name })}
        className="-mt-1 -mr-1 inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-400 hover:bg-slate-800 hover:text-white"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </span>
  );
}

/** How each robot's figures are labelled: self-reported, or verified elsewhere with the link. */
function Verification({ robot }: { robot: Robot }) {
  const { t } = useTranslation();
  const site = verifiedSiteOf(robot.verified_record_url);
  if (!site || !robot.verified_record_url)
    return <span className="text-amber-200">{t('trackRecord.selfReported')}</span>;
  return (
    <a
      href={robot.verified_record_url}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="font-semibold text-sky-300 underline underline-offset-4"
    >
      {t('trackRecord.verifiedElsewhere', { site: t(`trackRecord.sites.${site}`) })}
      <span className="sr-only"> {t('a11y.opensInNewTab')}</span>
    </a>
  );
}

/**
 * The figures side by side: a table with a column per robot on wide screens; on a phone, where
 * three columns would not fit, each figure with the robots' values under it.
 */
function ComparisonFigures({
  compared,
  onRemove,
}: {
  compared: readonly Compared[];
  onRemove: (robotId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const headingId = useId();
  const rows: { key: string; label: string; values: ReactNode[] }[] = [
    {
      key: 'price',
      label: t('browse.price'),
      values: compared.map(({ robot }) => formatUsd(robot.price, language)),
    },
    ...ROWS.map((key) => ({
      key,
      label: t(`trackRecord.figures.${key}.label`),
      values: compared.map(
        ({ record }) => (record && figureValue(key, record.figures, language, t).text) ?? t('common.noValue'),
      ),
    })),
    {
      key: 'verification',
      label: t('compare.verification'),
      values: compared.map(({ robot }) => <Verification key={robot.id} robot={robot} />),
    },
  ];
  const rowHead = 'sticky left-0 bg-slate-900 py-2 pr-3 text-left font-medium text-slate-300';
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-800 bg-slate-900 p-4 sm:p-5">
      <h2 id={headingId} className="text-xl font-semibold text-white">
        {t('compare.tableHeading')}
      </h2>
      <p className="mt-1 text-sm text-slate-400">{t('trackRecord.selfReportedHint')}</p>
      <div className="mt-4 hidden overflow-x-auto sm:block">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{t('compare.tableHeading')}</caption>
          <thead>
            <tr className="border-b border-slate-800 align-top">
              <td className="sticky left-0 bg-slate-900 py-2 pr-3" />
              {compared.map(({ robot, colour }) => (
                <th key={robot.id} scope="col" className="min-w-32 px-2 py-2 text-left">
                  <RobotHead robot={robot} colour={colour} onRemove={() => onRemove(robot.id)} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-b border-slate-800/60 last:border-b-0">
                <th scope="row" className={rowHead}>
                  {row.label}
                </th>
                {row.values.map((value, index) => (
                  <td key={compared[index]!.robot.id} className="px-2 py-2 font-semibold text-slate-100 tabular-nums">
                    {value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-4 sm:hidden">
        <ul className="flex flex-col gap-1 border-b border-slate-800 pb-3">
          {compared.map(({ robot, colour }) => (
            <li key={robot.id}>
              <RobotHead robot={robot} colour={colour} onRemove={() => onRemove(robot.id)} />
            </li>
          ))}
        </ul>
        <dl>
          {rows.map((row) => (
            <div key={row.key} className="border-b border-slate-800/60 py-2.5 last:border-b-0">
              <dt className="text-sm font-medium text-slate-300">{row.label}</dt>
              {row.values.map((value, index) => (
                <dd key={compared[index]!.robot.id} className="mt-1 flex items-baseline gap-2 text-sm">
                  <span
                    aria-hidden="true"
                    className="inline-block size-2 shrink-0 rounded-full"
                    style={{ backgroundColor: compared[index]!.colour }}
                  />
                  <span className="sr-only">{compared[index]!.robot.name}: </span>
                  <span className="font-semibold text-slate-100 tabular-nums">{value}</span>
                </dd>
              ))}
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

/**
 * Up to three robots side by side (issue 20 §5): their growth curves on one chart and their
 * figures in one table, chosen on the catalogue's cards (`/Compare?robots=<id>,<id>`).
 */
export function RobotComparison() {
  const { t } = useTranslation();
  const headingId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const param = searchParams.get(ROBOTS_PARAM);
  const requested = useMemo(() => parseCompared(param), [param]);
  const robotsQuery = useRobots();
  const robots = robotsQuery.data;
  // Robots that are not (or no longer) in the catalogue are left out.
  const chosen = useMemo(
    () =>
      robots
        ? requested.map((id) => robots.find((robot) => robot.id === id)).filter((robot) => robot !== undefined)
        : [],
    [robots, requested],
  );
  const { records, isPending } = useTrackRecords(chosen.map((robot) => robot.id));
  const compared: Compared[] = useMemo(
    () => chosen.map((robot, index) => ({ robot, record: records[index], colour: robotColours[index]! })),
    [chosen, records],
  );

  const remove = (robotId: string) =>
    setSearchParams(
      (params) => {
        const rest = requested.filter((id) => id !== robotId);
        if (rest.length === 0) params.delete(ROBOTS_PARAM);
        else params.set(ROBOTS_PARAM, rest.join(','));
        return params;
      },
      { replace: true },
    );

  function body() {
    if (!robots) {
      return robotsQuery.isError ? (
        <div role="alert" className="rounded-xl border border-red-900 bg-red-950/40 p-6">
          <p className="text-red-200">{t('catalogue.loadError')}</p>
          <button type="button" onClick={() => void robotsQuery.refetch()} className={buttonClass('secondary', 'mt-4')}>
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <LoadingRegion />
      );
    }
    if (compared.length === 0) {
      return (
        <div className="rounded-xl border border-dashed border-slate-700 p-8 text-center">
          <p className="text-lg font-semibold text-white">{t('compare.emptyTitle')}</p>
          <p className="mt-1 text-slate-400">{t('compare.emptyMessage')}</p>
          <Link to="/" className={buttonClass('primary', 'mt-4')}>
            {t('compare.toCatalogue')}
          </Link>
        </div>
      );
    }
    return (
      <div className="flex flex-col gap-6">
        <section
          aria-labelledby={`${headingId}-chart`}
          className="rounded-xl border border-slate-800 bg-slate-900 p-4 sm:p-5"
        >
          <h2 id={`${headingId}-chart`} className="text-xl font-semibold text-white">
            {t('compare.chartHeading')}
          </h2>
          <div className="mt-4">
            {isPending ? (
              <div aria-busy="true" className="h-72 animate-pulse rounded-lg bg-slate-800/60" />
            ) : (
              <ComparisonChart compared={compared} />
            )}
          </div>
        </section>
        <ComparisonFigures compared={compared} onRemove={remove} />
      </div>
    );
  }

  return (
    <div className="page-container py-8 sm:py-10">
      <BackLink
        to={requested.length > 0 ? `/?${new URLSearchParams({ compare: requested.join(',') }).toString()}` : '/'}
      >
        {t('robotDetail.backToCatalog')}
      </BackLink>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-white">{t('compare.title')}</h1>
      <div className="mt-6">{body()}</div>
    </div>
  );
}
