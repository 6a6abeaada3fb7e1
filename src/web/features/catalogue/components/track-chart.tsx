import { useEffect, useRef, useState } from 'react';
import type { IChartApi, ISeriesApi, SeriesMarker, SeriesType, UTCTimestamp } from 'lightweight-charts';
import { useTranslation } from '../../../lib/use-translation';

/** Tailwind's slate for the frame, to match the dark theme. */
const frame = { text: '#94a3b8', grid: '#1e293b' };

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

export type ChartPoint = { time: string; value: number };

export type ChartSeries = {
  label: string;
  /** A CSS colour; the legend shows the same one. */
  colour: string;
  /** The first series is drawn as an area, the others as lines. */
  points: readonly ChartPoint[];
};

export type ChartMarker = { time: string; kind: 'deposit' | 'withdrawal'; text: string };

/** Emerald up for money put in, amber down for money taken out: never red or green for gains. */
const markerStyle = {
  deposit: { colour: '#34d399', shape: 'arrowUp', position: 'belowBar' },
  withdrawal: { colour: '#fbbf24', shape: 'arrowDown', position: 'aboveBar' },
} as const;

const toTime = (iso: string) => Math.floor(Date.parse(iso) / 1000) as UTCTimestamp;

/**
 * A marker sits on the first point at or after its time (the day's reading that includes it), or
 * on the last point when it came later; several on one point are joined.
 */
function placeMarkers(points: readonly ChartPoint[], markers: readonly ChartMarker[]): SeriesMarker<UTCTimestamp>[] {
  if (points.length === 0) return [];
  const placed = new Map<string, { time: UTCTimestamp; kind: ChartMarker['kind']; texts: string[] }>();
  for (const marker of markers) {
    const at = points.find((point) => point.time >= marker.time) ?? points.at(-1)!;
    const key = `${at.time}|${marker.kind}`;
    const entry = placed.get(key) ?? { time: toTime(at.time), kind: marker.kind, texts: [] };
    entry.texts.push(marker.text);
    placed.set(key, entry);
  }
  return [...placed.values()]
    .sort((a, b) => a.time - b.time)
    .map(({ time, kind, texts }) => ({
      time,
      position: markerStyle[kind].position,
      shape: markerStyle[kind].shape,
      color: markerStyle[kind].colour,
      text: texts.join(' '),
    }));
}

type TrackChartProps = {
  series: readonly ChartSeries[];
  markers?: readonly ChartMarker[];
  /** How the price scale writes a value (a percentage, an amount). */
  formatValue: (value: number) => string;
  language: string;
  /** Every series a line of its own colour (robots compared), instead of an area and its companion. */
  linesOnly?: boolean;
};

/**
 * Lines over time for the track record and the comparison. The chart library (about 50 KB gzip)
 * is fetched only here, once the rest of the page is on screen, so it never weighs on the
 * storefront's first load; the box keeps its height meanwhile. Canvases are invisible to
 * assistive technology: the caller's figure caption and the legend below say what is drawn. The
 * box is not aria-hidden because the library puts its attribution link (its licence requires it)
 * inside, and a hidden link that can still take focus is an accessibility fault.
 */
/** One empty list for every chart without markers: a new one per render would redraw the chart. */
const NO_MARKERS: readonly ChartMarker[] = [];

export function TrackChart({
  series,
  markers = NO_MARKERS,
  formatValue,
  language,
  linesOnly = false,
}: TrackChartProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  // An area and its companion line (balance and equity): the companion is dashed.
  const dashed = (index: number) => !linesOnly && index > 0;
  // The library's chunk can fail to load, e.g. when a new release replaced it; the caption stays.
  const [failed, setFailed] = useState(false);
  // How many lines are drawn once the chart is on screen (the box says so in data-drawn-series).
  const [drawn, setDrawn] = useState<number | null>(null);

  useEffect(() => {
    let chart: IChartApi | undefined;
    let disposed = false;
    const cancel = whenIdle(() => {
      import('lightweight-charts')
        .then(({ createChart, createSeriesMarkers, AreaSeries, LineSeries, LineStyle, ColorType }) => {
          if (disposed || !container.current) return;
          chart = createChart(container.current, {
            autoSize: true,
            layout: {
              background: { type: ColorType.Solid, color: 'transparent' },
              textColor: frame.text,
              fontFamily: 'inherit',
            },
            grid: { vertLines: { color: frame.grid }, horzLines: { color: frame.grid } },
            rightPriceScale: { borderColor: frame.grid },
            timeScale: { borderColor: frame.grid, fixLeftEdge: true, fixRightEdge: true },
            localization: { locale: chartLocale[language] ?? language, priceFormatter: formatValue },
            // A small static chart: page scrolling on phones must not be captured by it.
            handleScroll: false,
            handleScale: false,
          });
          let first: ISeriesApi<SeriesType> | undefined;
          for (const [index, line] of series.entries()) {
            const drawn =
              index === 0 && !linesOnly
                ? chart.addSeries(AreaSeries, {
                    lineColor: line.colour,
                    topColor: `${line.colour}47`,
                    bottomColor: `${line.colour}05`,
                    lineWidth: 2,
                    priceLineVisible: false,
                  })
                : chart.addSeries(LineSeries, {
                    color: line.colour,
                    lineWidth: 2,
                    lineStyle: linesOnly ? LineStyle.Solid : LineStyle.Dashed,
                    priceLineVisible: false,
                  });
            drawn.setData(line.points.map((point) => ({ time: toTime(point.time), value: point.value })));
            first ??= drawn;
          }
          if (first && markers.length > 0) createSeriesMarkers(first, placeMarkers(series[0]!.points, markers));
          chart.timeScale().fitContent();
          setDrawn(series.length);
        })
        .catch(() => {
          if (!disposed) setFailed(true);
        });
    });
    return () => {
      disposed = true;
      cancel();
      chart?.remove();
      setDrawn(null);
    };
  }, [series, markers, formatValue, language, linesOnly]);

  return (
    <div>
      {failed ? (
        <p className="flex h-64 items-center justify-center text-center text-sm text-slate-400">
          {t('trackRecord.chart.loadError')}
        </p>
      ) : (
        <div ref={container} data-drawn-series={drawn ?? undefined} className="h-64 w-full" />
      )}
      <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-300">
        {series.map((line, index) => (
          <li key={line.label} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className="inline-block h-0.5 w-5"
              style={dashed(index) ? { borderTop: `2px dashed ${line.colour}` } : { backgroundColor: line.colour }}
            />
            {line.label}
          </li>
        ))}
        {markers.some((marker) => marker.kind === 'deposit') && (
          <li className="flex items-center gap-2">
            <span aria-hidden="true" style={{ color: markerStyle.deposit.colour }}>
              ▲
            </span>
            {t('trackRecord.chart.depositMarker')}
          </li>
        )}
        {markers.some((marker) => marker.kind === 'withdrawal') && (
          <li className="flex items-center gap-2">
            <span aria-hidden="true" style={{ color: markerStyle.withdrawal.colour }}>
              ▼
            </span>
            {t('trackRecord.chart.withdrawalMarker')}
          </li>
        )}
      </ul>
    </div>
  );
}
