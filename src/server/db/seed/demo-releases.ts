/**
 * The demo shop's licensed robots (issue 18, decisions 0017, 0018 and 0020): which demo robots
 * require a licence and are delivered automatically with a release, and which of them offers a
 * free trial. The others stay delivered per order, as SPEC describes. Each release's file is a
 * small MQL5 source that the seed writes to storage: text, as the robot file check wants a .mq5.
 * (Journeys and tests written before order the first demo robot by name, Atlas Trend Rider, or
 * the newest on Home, Polaris Swing, and deliver it by hand: those stay delivered per order.)
 */
export interface DemoRelease {
  /** The demo robot's name (demo-content.ts). */
  robot: string;
  version: string;
  /** Sanitised rich text, as the release form stores it. */
  notes: string;
  /** Days of the free trial, or null. */
  trialDays: number | null;
}

export const demoReleases: readonly DemoRelease[] = [
  {
    robot: 'Aurora Scalper',
    version: '2.3.0',
    notes:
      '<p>Tighter spread filter around the London open.</p><ul><li>Pauses during high-impact news</li><li>Licence check built in: runs on the accounts bound to your key</li></ul>',
    trialDays: 7,
  },
  {
    robot: 'Midas Gold Breakout',
    version: '1.8.2',
    notes: '<p>Breakout levels now follow the Asian session range; fewer false entries on Mondays.</p>',
    trialDays: null,
  },
  {
    robot: 'Night Owl Asia',
    version: '3.1.0',
    notes:
      '<p>Quieter nights: no entries in the last hour before the Tokyo fixing; works on MetaTrader 5 build 4000 and later.</p>',
    trialDays: null,
  },
];

/** The file name clients download for a demo release. */
export function demoReleaseFileName(release: DemoRelease): string {
  return `${release.robot.replace(/[^A-Za-z0-9]+/g, '')}-${release.version}.mq5`;
}

/**
 * A minimal Expert Advisor in MQL5 source: it compiles in MetaEditor, trades nothing, and says
 * which demo robot and version it stands for. Real sellers upload their own builds.
 */
export function demoReleaseFile(release: DemoRelease): Buffer {
  const source = [
    '//+------------------------------------------------------------------+',
    `//| ${release.robot} ${release.version}`,
    '//| A demo robot of the TradeBot Store demo catalogue: it places no',
    "//| trades. Replace it with your own build on the robot's page.",
    '//+------------------------------------------------------------------+',
    '#property strict',
    `#property version "${release.version.split('.').slice(0, 2).join('.')}"`,
    '',
    'int OnInit()',
    '  {',
    `   Print("${release.robot} ${release.version}: demo robot, no trades");`,
    '   return(INIT_SUCCEEDED);',
    '  }',
    '',
    'void OnTick()',
    '  {',
    '  }',
    '',
  ].join('\r\n');
  return Buffer.from(source, 'utf8');
}
