import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumFlags, chromiumPath } from '../tests/support/chromium.js';
import { formatNumber, formatTable } from './report.js';
import { firstRobotSlug } from './shop-client.js';

interface LighthouseFigures {
  performance: number;
  accessibility: number;
  largestContentfulPaintMs: number;
  cumulativeLayoutShift: number;
  totalBlockingTimeMs: number;
}

/**
 * Lighthouse's default mobile profile (emulated phone, simulated slow 4G and CPU slowdown),
 * performance and accessibility only, driving the system Chromium.
 */
async function runLighthouse(urls: string[], chromePath: string): Promise<Map<string, LighthouseFigures>> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: chromiumFlags.map((flag) => (flag === '--headless' ? '--headless=new' : flag)),
  });
  const figures = new Map<string, LighthouseFigures>();
  try {
    for (const url of urls) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { categories, audits } = result.lhr;
      figures.set(url, {
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        largestContentfulPaintMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        cumulativeLayoutShift: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
        totalBlockingTimeMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
      });
    }
  } finally {
    await chrome.kill();
  }
  return figures;
}

/** Part `lighthouse`: the mobile profile on Home and on one robot page. */
export async function printLighthouse(origin: string): Promise<void> {
  let chromePath: string;
  try {
    chromePath = chromiumPath();
  } catch (error) {
    console.log(`Lighthouse: not run. ${(error as Error).message}`);
    return;
  }
  const pages = { Home: `${origin}/`, 'robot page': `${origin}/robots/${await firstRobotSlug(origin)}` };
  const figures = await runLighthouse(Object.values(pages), chromePath);
  const rows = Object.entries(pages).map(([name, url]) => {
    const result = figures.get(url)!;
    return [
      name,
      String(result.performance),
      String(result.accessibility),
      formatNumber(result.largestContentfulPaintMs),
      result.cumulativeLayoutShift.toFixed(3),
      formatNumber(result.totalBlockingTimeMs),
    ];
  });
  const columns = ['page', 'performance', 'accessibility', 'LCP ms', 'CLS', 'TBT ms'].map((title, index) => ({
    title,
    alignRight: index > 0,
  }));
  console.log(
    `Lighthouse (mobile profile: emulated phone, simulated slow 4G, 4x CPU slowdown)\n${formatTable(columns, rows)}`,
  );
}
