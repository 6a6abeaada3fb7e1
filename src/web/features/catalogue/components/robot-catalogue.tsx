import { useMemo } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useSearchParams } from '../../../lib/router';
import { CATALOGUE_SKELETON_CARDS } from '../../../../shared/constants.js';
import { useCategories } from '../api/get-categories';
import { useRobots } from '../api/get-robots';
import {
  countRobotsByCategory,
  filterRobotsByCategory,
  searchRobotsByName,
  sortRobots,
  toRobotSort,
  type RobotSort,
} from '../filter-robots';
import { MAX_COMPARED, parseCompared, toggleCompared } from '../compare-selection';
import { CatalogueTools } from './catalogue-tools';
import { CategoryFilter } from './category-filter';
import { CompareBar } from './compare-bar';
import { RobotCard } from './robot-card';
import { RobotCardSkeleton } from './robot-card-skeleton';
import { RobotGrid } from './robot-grid';
import { LoadError } from '../../../components/ui/load-error';

/**
 * The selected category, the search and the order live in the URL (`?category=<key>&q=…&sort=…`),
 * so a view of the catalogue can be shared and reloaded.
 */
const CATEGORY_PARAM = 'category';
const QUERY_PARAM = 'q';
const SORT_PARAM = 'sort';
/** The robots chosen for comparison (`?compare=<id>,<id>`). */
const COMPARE_PARAM = 'compare';

/** Cards in the first row of the widest grid load eagerly: one of them is likely the largest paint. */
const EAGER_IMAGES = 4;

const skeletonKeys = Array.from({ length: CATALOGUE_SKELETON_CARDS }, (_, index) => index);

function CatalogueSkeleton() {
  const { t } = useTranslation();
  return (
    <>
      <p role="status" className="sr-only">
        {t('catalogue.loading')}
      </p>
      <RobotGrid busy>
        {skeletonKeys.map((key) => (
          <li key={key} className="flex *:flex-1">
            <RobotCardSkeleton />
          </li>
        ))}
      </RobotGrid>
    </>
  );
}

function CatalogueError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return <LoadError className="text-center" message={t('catalogue.loadError')} onRetry={onRetry} />;
}

function CatalogueEmpty() {
  const { t } = useTranslation();
  return (
    <div className="rounded-xl border border-dashed border-slate-700 p-10 text-center">
      <p className="text-lg font-semibold text-white">{t('catalogue.emptyTitle')}</p>
      <p className="mt-1 text-slate-400">{t('catalogue.emptyMessage')}</p>
    </div>
  );
}

type RobotCatalogueProps = {
  isSignedIn: boolean;
};

/** Category filters and the grid of active robots, with loading, error and empty states. */
export function RobotCatalogue({ isSignedIn }: RobotCatalogueProps) {
  const { t } = useTranslation();
  const robotsQuery = useRobots();
  const categoriesQuery = useCategories();
  const [searchParams, setSearchParams] = useSearchParams();

  const robots = robotsQuery.data;
  const categories = categoriesQuery.data ?? [];
  const requested = searchParams.get(CATEGORY_PARAM);
  // A stale or mistyped key in the URL falls back to All rather than an unexplained empty grid.
  const selected = categories.some((category) => category.key === requested) ? requested : null;

  const query = searchParams.get(QUERY_PARAM) ?? '';
  const sort = toRobotSort(searchParams.get(SORT_PARAM));
  // Ids of robots no longer listed drop out, so the bar never counts a robot it cannot show.
  const compared = parseCompared(searchParams.get(COMPARE_PARAM)).filter(
    (id) => robots === undefined || robots.some((robot) => robot.id === id),
  );

  // The category counts follow the search, so a button never promises robots the grid will not show.
  const found = useMemo(() => searchRobotsByName(robots ?? [], query), [robots, query]);
  const counts = useMemo(() => countRobotsByCategory(found), [found]);
  const visible = useMemo(() => sortRobots(filterRobotsByCategory(found, selected), sort), [found, selected, sort]);

  /** Empty values leave the URL: the plain catalogue keeps its plain address. */
  function setParam(name: string, value: string | null) {
    setSearchParams(
      (params) => {
        if (value === null || value === '') params.delete(name);
        else params.set(name, value);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  const selectCategory = (categoryKey: string | null) => setParam(CATEGORY_PARAM, categoryKey);
  const changeSort = (next: RobotSort) => setParam(SORT_PARAM, next === 'newest' ? null : next);
  const changeQuery = (next: string) => setParam(QUERY_PARAM, next.trimStart() === '' ? null : next);
  const setCompared = (ids: readonly string[]) => setParam(COMPARE_PARAM, ids.join(','));

  function renderBody() {
    if (robots === undefined) {
      return robotsQuery.isError ? (
        <CatalogueError onRetry={() => void robotsQuery.refetch()} />
      ) : (
        <CatalogueSkeleton />
      );
    }
    if (visible.length === 0) return <CatalogueEmpty />;
    return (
      <RobotGrid>
        {visible.map((robot, index) => (
          <li key={robot.id} className="flex *:flex-1">
            <RobotCard
              robot={robot}
              isSignedIn={isSignedIn}
              eagerImage={index < EAGER_IMAGES}
              compare={{
                selected: compared.includes(robot.id),
                full: compared.length >= MAX_COMPARED,
                onChange: () => setCompared(toggleCompared(compared, robot.id)),
              }}
            />
          </li>
        ))}
      </RobotGrid>
    );
  }

  return (
    <section aria-labelledby="catalogue-heading" className="flex flex-col gap-6">
      <h2 id="catalogue-heading" className="sr-only">
        {t('catalogue.heading')}
      </h2>
      <CatalogueTools query={query} onQueryChange={changeQuery} sort={sort} onSortChange={changeSort} />
      <CategoryFilter
        categories={categories}
        counts={counts}
        totalCount={found.length}
        selected={selected}
        onSelect={selectCategory}
      />
      {renderBody()}
      {compared.length > 0 && robots !== undefined && (
        <CompareBar
          robots={compared.map((id) => robots.find((robot) => robot.id === id)!)}
          onClear={() => setCompared([])}
        />
      )}
    </section>
  );
}
