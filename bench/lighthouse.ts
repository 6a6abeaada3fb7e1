import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumFlags, chromiumPath } from '../tests/support/chromium.js';
import { formatTable } from './report.js';
import { formatSpread } from './rounds.js';
import { firstRobotSlug } from './shop-client.js';

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface LighthouseFigures {
  scores: Record<(typeof categories)[number], number>;
  largestContentfulPaintMs: number;
  cumulativeLayoutShift: number;
  totalBlockingTimeMs: number;
}

/**
 * One Lighthouse run. Lighthouse sometimes fails to record the trace (NO_NAVSTART, mostly on a
 * busy machine) and then reports zeros: such a run is done again, twice at most, and said so.
 */
async function measure(url: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...categories],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const failure = result.lhr.runtimeError;
    if (!failure) return result;
    if (attempt === 3) throw new Error(`Lighthouse failed on ${url} three times: ${failure.code} ${failure.message}`);
    console.log(`Lighthouse: ${failure.code} on ${url}; running it again`);
  }
}

/**
 * Lighthouse's default mobile profile (emulated phone, simulated slow 4G and CPU slowdown), all
 * four categories, driving the system Chromium. Each page is measured `runs` times, pages taking
 * turns, so that a burst of load on the shared machine does not land on one page only. When
 * `reportDir` is set, every run's full JSON report is written there (to read the audits behind a
 * score: main-thread work, long tasks, the LCP element…).
 */
async function runLighthouse(
  pages: Record<string, string>,
  runs: number,
  reportDir: string | undefined,
  chromePath: string,
): Promise<Map<string, LighthouseFigures[]>> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: chromiumFlags.map((flag) => (flag === '--headless' ? '--headless=new' : flag)),
  });
  const figures = new Map<string, LighthouseFigures[]>(Object.keys(pages).map((name) => [name, []]));
  if (reportDir) mkdirSync(reportDir, { recursive: true });
  try {
    for (let run = 1; run <= runs; run++) {
      for (const [name, url] of Object.entries(pages)) {
        const result = await measure(url, chrome.port);
        if (reportDir) {
          const file = `${name.replace(/\W+/g, '-')}-${run}.json`;
          writeFileSync(path.join(reportDir, file), JSON.stringify(result.lhr, null, 1));
        }
        const { audits } = result.lhr;
        const scores = Object.fromEntries(
          categories.map((category) => [category, Math.round((result.lhr.categories[category]?.score ?? 0) * 100)]),
        ) as LighthouseFigures['scores'];
        figures.get(name)!.push({
          scores,
          largestContentfulPaintMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
          cumulativeLayoutShift: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
          totalBlockingTimeMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
        });
      }
    }
  } finally {
    await chrome.kill();
  }
  return figures;
}

/**
 * Part `lighthouse`: the mobile profile on Home and on one robot page. LIGHTHOUSE_RUNS (default 3)
 * runs per page; LIGHTHOUSE_REPORT_DIR keeps the JSON reports.
 */
export async function printLighthouse(origin: string): Promise<void> {
  let chromePath: string;
  try {
    chromePath = chromiumPath();
  } catch (error) {
    console.log(`Lighthouse: not run. ${(error as Error).message}`);
    return;
  }
  const runsText = process.env.LIGHTHOUSE_RUNS ?? '3';
  const runs = Number(runsText);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`LIGHTHOUSE_RUNS must be a whole number of at least 1 (got ${JSON.stringify(runsText)})`);
  const reportDir = process.env.LIGHTHOUSE_REPORT_DIR || undefined;
  const pages = { Home: `${origin}/`, 'robot page': `${origin}/robots/${await firstRobotSlug(origin)}` };
  const figures = await runLighthouse(pages, runs, reportDir, chromePath);
  const rows = Object.keys(pages).map((name) => {
    const results = figures.get(name)!;
    return [
      name,
      ...categories.map((category) => formatSpread(results.map((result) => result.scores[category]))),
      formatSpread(results.map((result) => result.largestContentfulPaintMs)),
      formatSpread(
        results.map((result) => result.cumulativeLayoutShift),
        3,
      ),
      formatSpread(results.map((result) => result.totalBlockingTimeMs)),
    ];
  });
  const columns = ['page', ...categories, 'LCP ms', 'CLS', 'TBT ms'].map((title, index) => ({
    title,
    alignRight: index > 0,
  }));
  console.log(
    `Lighthouse (mobile profile: emulated phone, simulated slow 4G, 4x CPU slowdown), ${runs} run(s) per page, median [lowest–highest]${reportDir ? `; JSON reports in ${reportDir}` : ''}\n${formatTable(columns, rows)}`,
  );
}
