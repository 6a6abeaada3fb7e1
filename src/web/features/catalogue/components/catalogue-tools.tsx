import { Search } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { ROBOT_SORTS, type RobotSort } from '../filter-robots';

const sortLabelKeys = {
  newest: 'browse.sort.newest',
  'price-asc': 'browse.sort.priceAsc',
  'price-desc': 'browse.sort.priceDesc',
  winrate: 'browse.sort.winrate',
  monthly: 'browse.sort.monthly',
  growth: 'browse.sort.growth',
  drawdown: 'browse.sort.drawdown',
  age: 'browse.sort.age',
} as const satisfies Record<RobotSort, string>;

type CatalogueToolsProps = {
  query: string;
  onQueryChange: (query: string) => void;
  sort: RobotSort;
  onSortChange: (sort: RobotSort) => void;
};

/** Search by name and the sort order; both live in the URL, so a view can be shared and reloaded. */
export function CatalogueTools({ query, onQueryChange, sort, onSortChange }: CatalogueToolsProps) {
  const { t } = useTranslation();
  const searchId = useId();
  const sortId = useId();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex flex-1 flex-col gap-1.5 sm:max-w-sm">
        <label htmlFor={searchId} className="text-sm font-medium text-slate-300">
          {t('browse.searchLabel')}
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          />
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => onQueryChange(event.target.value)}
            placeholder={t('browse.searchPlaceholder')}
            autoComplete="off"
            className="h-11 w-full rounded-lg border border-slate-700 bg-slate-950 pr-3 pl-9 text-slate-100 placeholder:text-slate-400"
          />
        </div>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={sortId} className="text-sm font-medium text-slate-300">
          {t('browse.sortLabel')}
        </label>
        <select
          id={sortId}
          value={sort}
          onChange={(event) => onSortChange(event.target.value as RobotSort)}
          className="h-11 rounded-lg border border-slate-700 bg-slate-950 px-3 text-slate-100"
        >
          {ROBOT_SORTS.map((value) => (
            <option key={value} value={value}>
              {t(sortLabelKeys[value])}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
