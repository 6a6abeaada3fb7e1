import { useEffect, useRef, useState } from 'react';
import type { IChartApi, UTCTimestamp } from 'lightweight-charts';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../../lib/format-number';
import type { BalancePoint } from '../balance-series';

/** Tailwind's slate and emerald, to match the dark theme. */
const colours = {
  text: '#94a3b8',
  grid: '#1e293b',
  line: '#34d399',
  areaTop: 'rgba(52, 211, 153, 0.28)',
  areaBottom: 'rgba(52, 211, 153, 0.02)',
};

const chartLocale: Record<string, string> = { en: 'en-GB', fr: 'fr-FR' };

/** Waits until the browser has nothing more urgent to do (the rest of the page comes first). */
function whenIdle(callback: () => void): () => void {
  // Safari has no requestIdleCallback; a short delay lets the page paint first there.
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(callback, 200);
  return () => clearTimeout(handle);
}

type BalanceChartProps = {
  points: readonly BalancePoint[];
  language: string;
};

/**
 * The balance over time as an area chart. The chart library (about 50 KB gzip) is fetched only
 * here, once the rest of the page is on screen; the box keeps its height meanwhile, so nothing
 * moves when the chart appears. The chart is drawn on canvases, which assistive technology skips:
 * the figure's caption is the text alternative. The box is not aria-hidden because the library
 * puts its attribution link (required by its licence) inside it, and a hidden link that can
 * still take focus is an accessibility fault.
 */
export function BalanceChart({ points, language }: BalanceChartProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  // The library's chunk can fail to load, e.g. when a new release replaced it; the caption stays.
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let chart: IChartApi | undefined;
    let disposed = false;
    const cancel = whenIdle(() => {
      import('lightweight-charts')
        .then(({ createChart, AreaSeries, ColorType }) => {
          if (disposed || !container.current) return;
          chart = createChart(container.current, {
            autoSize: true,
            layout: {
              background: { type: ColorType.Solid, color: 'transparent' },
              textColor: colours.text,
              fontFamily: 'inherit',
            },
            grid: { vertLines: { color: colours.grid }, horzLines: { color: colours.grid } },
            rightPriceScale: { borderColor: colours.grid },
            timeScale: { borderColor: colours.grid, fixLeftEdge: true, fixRightEdge: true },
            localization: {
              locale: chartLocale[language] ?? language,
              priceFormatter: (value: number) => formatDecimal(value, language) ?? '',
            },
            // A small static chart: page scrolling on phones must not be captured by it.
            handleScroll: false,
            handleScale: false,
          });
          const series = chart.addSeries(AreaSeries, {
            lineColor: colours.line,
            topColor: colours.areaTop,
            bottomColor: colours.areaBottom,
            lineWidth: 2,
            priceLineVisible: false,
          });
          series.setData(points.map((point) => ({ time: point.time as UTCTimestamp, value: point.value })));
          chart.timeScale().fitContent();
        })
        .catch(() => {
          if (!disposed) setFailed(true);
        });
    });
    return () => {
      disposed = true;
      cancel();
      chart?.remove();
    };
  }, [points, language]);

  if (failed) {
    return (
      <p className="flex h-64 items-center justify-center text-center text-sm text-slate-400">
        {t('robotDetail.chart.loadError')}
      </p>
    );
  }
  return <div ref={container} className="h-64 w-full" />;
}
