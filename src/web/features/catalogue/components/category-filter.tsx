import { clsx } from 'clsx';
import { useTranslation } from '../../../lib/use-translation';
import { useLocalized, useSortByLocalized } from '../../../lib/use-localized';
import type { Category } from '../../../../shared/schemas/catalogue.js';

type FilterButtonProps = {
  label: string;
  count: number;
  pressed: boolean;
  onClick: () => void;
};

function FilterButton({ label, count, pressed, onClick }: FilterButtonProps) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={clsx(
        'inline-flex h-10 items-center gap-2 rounded-full border px-4 text-sm font-medium transition-colors',
        pressed
          ? 'border-emerald-400 bg-emerald-500 text-slate-950'
          : 'border-slate-700 bg-slate-900 text-slate-200 hover:border-slate-500',
      )}
    >
      {label}
      <span
        className={clsx(
          'rounded-full px-2 text-xs leading-5 tabular-nums',
          pressed ? 'bg-slate-950/20 text-slate-950' : 'bg-slate-800 text-slate-300',
        )}
      >
        {count}
      </span>
    </button>
  );
}

type CategoryFilterProps = {
  categories: readonly Category[];
  counts: ReadonlyMap<string, number>;
  totalCount: number;
  /** `null` is the All filter. */
  selected: string | null;
  onSelect: (categoryKey: string | null) => void;
};

export function CategoryFilter({ categories, counts, totalCount, selected, onSelect }: CategoryFilterProps) {
  const { t } = useTranslation();
  const show = useLocalized();
  const sortByLocalized = useSortByLocalized();
  return (
    <div role="group" aria-label={t('catalogue.filterLabel')} className="flex flex-wrap gap-2">
      <FilterButton
        label={t('catalogue.all')}
        count={totalCount}
        pressed={selected === null}
        onClick={() => onSelect(null)}
      />
      {/* Named, and in alphabetical order, in the reader's language (issue 19 §2). */}
      {sortByLocalized(categories, (category) => category.name).map((category) => (
        <FilterButton
          key={category.id}
          label={show(category.name)}
          count={counts.get(category.key) ?? 0}
          pressed={selected === category.key}
          onClick={() => onSelect(category.key)}
        />
      ))}
    </div>
  );
}
