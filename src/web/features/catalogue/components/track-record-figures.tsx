import { clsx } from 'clsx';
import type { TFunction } from 'i18next';
import { useTranslation } from '../../../lib/use-translation';
import type { TrackRecordFigures } from '../../../../shared/schemas/track-record.js';
import { formatDateTime, formatDay } from '../../../lib/format-date';
import { formatDecimal, formatPercent, formatSignedPercent, formatUsd } from '../../../lib/format-number';
import { returnTone } from '../monthly-grid';

export type FigureKey =
  | 'growth'
  | 'equityDrawdown'
  | 'balanceDrawdown'
  | 'bestMonth'
  | 'worstMonth'
  | 'trades'
  | 'winRate'
  | 'profitFactor'
  | 'averageWin'
  | 'averageLoss'
  | 'expectancy'
  | 'age'
  | 'started'
  | 'lastData'
  | 'cashFlows';

const toneText = { gain: 'text-emerald-400', loss: 'text-red-400', flat: 'text-slate-100' } as const;

/** `YYYY-MM` as the reader's month and year: 'Jan 2026', 'janv. 2026'. */
function monthLabel(month: string, language: string): string {
  const [year, number] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-GB', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(year ?? 1970, (number ?? 1) - 1, 1));
}

/** A figure's value as written on the page, and the colour that says gain or loss. */
export function figureValue(
  key: FigureKey,
  figures: TrackRecordFigures,
  language: string,
  t: TFunction,
): { text: string | null; tone?: keyof typeof toneText } {
  const amount = (value: number | null) => formatUsd(value, language);
  switch (key) {
    case 'growth':
      return { text: formatSignedPercent(figures.growth, language), tone: returnTone(figures.growth) };
    case 'equityDrawdown':
    case 'balanceDrawdown': {
      const [percent, money] =
        key === 'equityDrawdown'
          ? [figures.equity_drawdown, figures.equity_drawdown_amount]
          : [figures.balance_drawdown, figures.balance_drawdown_amount];
      const text = formatPercent(percent, language);
      return { text: text && t('trackRecord.values.drawdown', { percent: text, amount: amount(money) }) };
    }
    case 'bestMonth':
    case 'worstMonth': {
      const month = key === 'bestMonth' ? figures.best_month : figures.worst_month;
      return month
        ? {
            text: t('trackRecord.values.month', {
              value: formatSignedPercent(month.return, language),
              month: monthLabel(month.month, language),
            }),
            tone: returnTone(month.return),
          }
        : { text: null };
    }
    case 'trades':
      return {
        text:
          figures.trades > 0
            ? t('trackRecord.values.trades', {
                count: figures.trades,
                won: figures.winning_trades,
                lost: figures.losing_trades,
              })
            : null,
      };
    case 'winRate':
      return { text: formatPercent(figures.win_rate, language) };
    case 'profitFactor':
      return { text: formatDecimal(figures.profit_factor, language) };
    case 'averageWin':
      return { text: amount(figures.average_win) };
    case 'averageLoss':
      return { text: amount(figures.average_loss) };
    case 'expectancy':
      return { text: amount(figures.expectancy), tone: returnTone(figures.expectancy) };
    case 'age':
      return {
        text: figures.age_weeks === null ? null : t('trackRecord.values.weeks', { count: figures.age_weeks }),
      };
    case 'started':
      return { text: formatDay(figures.started_at, language) };
    case 'lastData':
      return { text: formatDateTime(figures.last_data_at, language) };
    case 'cashFlows':
      return {
        text: t('trackRecord.values.cashFlows', {
          deposits: amount(figures.deposits),
          withdrawals: amount(figures.withdrawals),
        }),
      };
  }
}

/** A figure with what it is and how it is computed, the way a careful buyer wants to read it. */
export function FigureList({ keys, figures }: { keys: readonly FigureKey[]; figures: TrackRecordFigures }) {
  const { t, i18n } = useTranslation();
  return (
    <dl className="flex flex-col">
      {keys.map((key) => {
        const { text, tone } = figureValue(key, figures, i18n.language, t);
        return (
          <div
            key={key}
            className="grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-4 border-b border-slate-800 py-2.5 last:border-b-0"
          >
            <dt className="text-sm text-slate-300">{t(`trackRecord.figures.${key}.label`)}</dt>
            <dd
              className={clsx(
                'text-right font-semibold tabular-nums',
                text === null ? 'text-slate-400' : toneText[tone ?? 'flat'],
              )}
            >
              {text ?? t('common.noValue')}
            </dd>
            <dd className="col-span-2 mt-0.5 text-xs leading-5 text-slate-400">
              {t(`trackRecord.figures.${key}.hint`)}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
