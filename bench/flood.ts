// Part `flood`: the rendered Home loaded alone, and while another client sends unique query strings
// to Home, the robot list and robot pages: what a visitor gets while someone tries to flood the
// public cache. The two alternate in rounds, so the share compares like with like.
import type { IsolatedShop } from './isolated-shop.js';
import { FLOOD_CONNECTIONS, load, loadUnderFlood, type Figures } from './load.js';
import { formatTable } from './report.js';
import {
  alternate,
  formatPercentSpread,
  formatSpread,
  percentages,
  problemsByRound,
  type RoundSettings,
} from './rounds.js';
import { firstRobotSlug } from './shop-client.js';

export async function benchFlood(shop: IsolatedShop, settings: RoundSettings): Promise<void> {
  const home = `${shop.app.origin}/`;
  const robotSlug = await firstRobotSlug(shop.app.origin);
  console.log(
    `GET / (HTML) alone and under a query-string flood (${FLOOD_CONNECTIONS} connections) in alternate rounds…`,
  );
  const rounds = await alternate(
    settings,
    (seconds) => load(home, seconds),
    (seconds) => loadUnderFlood(home, robotSlug, seconds),
  );
  const alone = rounds.a;
  const flooded = rounds.b.map((round) => round.measured);
  const flood = rounds.b.map((round) => round.flood);
  const rate = (figures: Figures[]) => formatSpread(figures.map((round) => round.requestsPerSecond));
  const p99 = (figures: Figures[]) => formatSpread(figures.map((round) => round.p99Ms));
  const share = formatPercentSpread(
    percentages(
      flooded.map((round) => round.requestsPerSecond),
      alone.map((round) => round.requestsPerSecond),
    ),
  );
  const columns = ['', 'req/s', 'p99 ms', '% of alone'].map((title, index) => ({ title, alignRight: index > 0 }));
  console.log(
    `\n${formatTable(columns, [
      ['GET / (HTML), alone', rate(alone), p99(alone), ''],
      ['GET / (HTML), while flooded', rate(flooded), p99(flooded), share],
      ['the flood: unique /?x=, /api/robots?x=, /robots/<slug>?x=, /robots/<unknown>', rate(flood), p99(flood), ''],
    ])}`,
  );
  for (const problem of problemsByRound(alone)) console.log(`  warning, Home alone, ${problem}`);
  for (const problem of problemsByRound(flooded)) console.log(`  warning, Home while flooded, ${problem}`);
  for (const problem of problemsByRound(flood)) console.log(`  note, flood, ${problem}`);
}
