import { clsx } from 'clsx';
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { MonthReturn, YearReturn } from '../../../../shared/schemas/track-record.js';
import { formatSignedPercent } from '../../../lib/format-number';
import { monthlyGrid, returnTone, type YearRow } from '../monthly-grid';

const toneClass = {
  gain: 'bg-emerald-500/15 text-emerald-300',
  loss: 'bg-red-500/15 text-red-300',
  flat: 'text-slate-400',
} as const;

const localeOf: Record<string, string> = { en: 'en-GB', fr: 'fr-FR' };

/** January to December, short, in the reader's language. */
function monthNames(language: string): string[] {
  const format = new Intl.DateTimeFormat(localeOf[language] ?? language, { month: 'short', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, month) => format.format(Date.UTC(2026, month, 1)));
}

function Cell({ value, language, strong }: { value: number | null; language: string; strong?: boolean }) {
  const { t } = useTranslation();
  return (
    <td
      className={clsx(
        'px-2 py-2 text-right whitespace-nowrap tabular-nums',
        toneClass[returnTone(value)],
        strong && 'font-semibold',
      )}
    >
      {formatSignedPercent(value, language) ?? t('common.noValue')}
    </td>
  );
}

/**
 * The monthly returns (decision 0019): green for a gain, red for a loss, each year's total. A wide
 * box (at least 56rem: its container, not the screen, decides) reads a year per row, as FX Blue
 * shows it; a narrower one reads a month per row and a year per column, which keeps every cell
 * wide enough for its figure.
 */
export function MonthlyReturnsTable({
  months,
  years,
  captionId,
}: {
  months: readonly MonthReturn[];
  years: readonly YearReturn[];
  captionId: string;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const rows: YearRow[] = useMemo(() => monthlyGrid(months, years), [months, years]);
  const names = useMemo(() => monthNames(language), [language]);
  const caption = t('trackRecord.months.caption');
  const headClass = 'px-2 py-2 text-right font-medium text-slate-400';

  return (
    <>
      <div className="hidden overflow-x-auto @4xl:block">
        <table aria-describedby={captionId} className="w-full border-collapse text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-slate-800">
              <th scope="col" className="px-2 py-2 text-left font-medium text-slate-400">
                {t('trackRecord.months.year')}
              </th>
              {names.map((name) => (
                <th key={name} scope="col" className={headClass}>
                  {name}
                </th>
              ))}
              <th scope="col" className={headClass}>
                {t('trackRecord.months.total')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.year} className="border-b border-slate-800/60 last:border-b-0">
                <th scope="row" className="px-2 py-2 text-left font-semibold text-slate-200">
                  {row.year}
                </th>
                {row.months.map((value, month) => (
                  <Cell key={names[month]} value={value} language={language} />
                ))}
                <Cell value={row.total} language={language} strong />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="overflow-x-auto @4xl:hidden">
        <table aria-describedby={captionId} className="w-full border-collapse text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-slate-800">
              <th scope="col" className="px-2 py-2 text-left font-medium text-slate-400">
                {t('trackRecord.months.month')}
              </th>
              {rows.map((row) => (
                <th key={row.year} scope="col" className={headClass}>
                  {row.year}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {names.map((name, month) =>
              // A month no year has a figure for is left out: a phone shows what there is.
              rows.some((row) => row.months[month] !== null) ? (
                <tr key={name} className="border-b border-slate-800/60">
                  <th scope="row" className="px-2 py-2 text-left font-medium text-slate-200">
                    {name}
                  </th>
                  {rows.map((row) => (
                    <Cell key={row.year} value={row.months[month] ?? null} language={language} />
                  ))}
                </tr>
              ) : null,
            )}
            <tr>
              <th scope="row" className="px-2 py-2 text-left font-semibold text-slate-200">
                {t('trackRecord.months.total')}
              </th>
              {rows.map((row) => (
                <Cell key={row.year} value={row.total} language={language} strong />
              ))}
            </tr>
          </tbody>
        </table>
      </div>
    </>
  );
}
