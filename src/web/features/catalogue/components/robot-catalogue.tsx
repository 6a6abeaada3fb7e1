import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../../lib/router';
import { CATALOGUE_SKELETON_CARDS } from '../../../../shared/constants.js';
import { buttonClass } from '../../../components/ui/button-classes';
import { useCategories } from '../api/get-categories';
import { useRobots } from '../api/get-robots';
import { countRobotsByCategory, filterRobotsByCategory } from '../filter-robots';
import { CategoryFilter } from './category-filter';
import { RobotCard } from './robot-card';
import { RobotCardSkeleton } from './robot-card-skeleton';
import { RobotGrid } from './robot-grid';

/** The selected category lives in the URL (`?category=<key>`), so a filtered catalogue can be shared. */
const CATEGORY_PARAM = 'category';

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
  return (
    <div role="alert" className="rounded-xl border border-red-900 bg-red-950/40 p-6 text-center">
      <p className="text-red-200">{t('catalogue.loadError')}</p>
      <button type="button" onClick={onRetry} className={buttonClass('secondary', 'mt-4')}>
        {t('common.retry')}
      </button>
    </div>
  );
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

  const counts = useMemo(() => countRobotsByCategory(robots ?? []), [robots]);
  const visible = useMemo(() => filterRobotsByCategory(robots ?? [], selected), [robots, selected]);

  function selectCategory(categoryKey: string | null) {
    setSearchParams(
      (params) => {
        if (categoryKey === null) params.delete(CATEGORY_PARAM);
        else params.set(CATEGORY_PARAM, categoryKey);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  function renderBody() {
    if (robots === undefined) {
      return robotsQuery.isError ? <CatalogueError onRetry={() => void robotsQuery.refetch()} /> : <CatalogueSkeleton />;
    }
    if (visible.length === 0) return <CatalogueEmpty />;
    return (
      <RobotGrid>
        {visible.map((robot, index) => (
          <li key={robot.id} className="flex *:flex-1">
            <RobotCard robot={robot} isSignedIn={isSignedIn} eagerImage={index < EAGER_IMAGES} />
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
      <CategoryFilter
        categories={categories}
        counts={counts}
        totalCount={robots?.length ?? 0}
        selected={selected}
        onSelect={selectCategory}
      />
      {renderBody()}
    </section>
  );
}
