import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumFlags } from '../tests/support/chromium.js';

export interface LighthouseFigures {
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
export async function runLighthouse(urls: string[], chromePath: string): Promise<Map<string, LighthouseFigures>> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: chromiumFlags.map((flag) => (flag === '--headless' ? '--headless=new' : flag)) });
  const figures = new Map<string, LighthouseFigures>();
  try {
    for (const url of urls) {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
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
