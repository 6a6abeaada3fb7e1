import type { LocalizedList, LocalizedText } from '../../../shared/localized-text.js';
import type { BannerType, RiskLevel, RobotStatus } from '../../../shared/schemas/catalogue.js';

/**
 * Demo catalogue for a fresh install: pure data plus one deterministic generator, so the seeder
 * (which owns ids, timestamps and database access) can insert it on either engine and tests can
 * rely on stable values. Images live in `src/web/public/demo/` and are served from `/demo/`.
 */

export interface DemoCategory {
  /** In each language (issue 19 §2). */
  name: LocalizedText;
  key: string;
  active: boolean;
}

export interface DemoRobot {
  name: string;
  /** In each language: HTML limited to what the admin rich-text editor produces (SPEC §2, Robot management). */
  description: LocalizedText;
  price: number;
  image_url: string;
  /** A `DemoCategory.key`. */
  category: string;
  risk_level: RiskLevel;
  /** Null exercises the 'Multiple pairs' default of the detail page. */
  trading_pair: string | null;
  /** Null exercises the 'Multi-exchange' default of the detail page. */
  exchange: string | null;
  /** In each language; stored as JSON arrays in `robots.features_en` and `features_fr`. */
  features: LocalizedList;
  performance_estimate: number;
  target_profit: number;
  weekly_pnl: number;
  monthly_pnl: number;
  status: RobotStatus;
  /** Percent of winning trades. */
  winrate: number;
  /** Account balance, USD. */
  balance: number;
  /** Closed profit since the account started, USD. */
  profit: number;
  profit_factor: number;
  /** Return over the last 7 days, percent. */
  weekly: number;
  /** Return over the last 30 days, percent. */
  monthly: number;
  /** Open-position P&L, USD. */
  floating: number;
  /** Return of the last day, percent. */
  daily: number;
}

export interface DemoRobotStatsPoint {
  recorded_at: string;
  balance: number;
  winrate: number;
  profit: number;
  profit_factor: number;
  weekly: number;
  monthly: number;
  floating: number;
  daily: number;
}

export interface DemoHeroBanner {
  title: LocalizedText;
  type: BannerType;
  content_url: string;
  order_index: number;
  active: boolean;
}

const RISK_DISCLAIMER =
  '<p><em>Trading leveraged products such as forex and CFDs carries a high level of risk and may not be suitable for all investors. Past performance, live or simulated, does not guarantee future results; never trade money you cannot afford to lose.</em></p>';
const RISK_DISCLAIMER_FR =
  '<p><em>Le trading de produits à effet de levier, comme le forex et les CFD, comporte un risque élevé et peut ne pas convenir à tous les investisseurs. Les performances passées, réelles ou simulées, ne préjugent pas des résultats futurs ; ne tradez jamais de l’argent que vous ne pouvez pas vous permettre de perdre.</em></p>';

export const demoCategories: readonly DemoCategory[] = [
  { name: { en: 'Forex Scalpers', fr: 'Scalpers Forex' }, key: 'forex_scalpers', active: true },
  { name: { en: 'Gold Traders', fr: 'Robots sur l’or' }, key: 'gold_traders', active: true },
  { name: { en: 'Trend Followers', fr: 'Suiveurs de tendance' }, key: 'trend_followers', active: true },
];

export const demoRobots: readonly DemoRobot[] = [
  {
    name: 'Aurora Scalper',
    description: {
      en: [
        '<h3>Quiet, disciplined scalping on EURUSD</h3>',
        '<p><strong>Aurora Scalper</strong> trades short pullbacks during the London and New York overlap, when spreads on EURUSD are tightest. Every position carries a hard stop loss from the moment it opens, and the robot stands aside around high-impact news releases.</p>',
        '<ul><li>Average holding time of 8 to 25 minutes</li><li>Spread and slippage filters that skip poor fills</li><li>One position at a time: no grid, no martingale</li></ul>',
        RISK_DISCLAIMER,
      ].join(''),
      fr: [
        '<h3>Un scalping calme et discipliné sur l’EURUSD</h3>',
        '<p><strong>Aurora Scalper</strong> joue les courts replis pendant le chevauchement des séances de Londres et de New York, quand les spreads de l’EURUSD sont au plus bas. Chaque position porte un stop loss ferme dès son ouverture, et le robot reste à l’écart autour des annonces économiques majeures.</p>',
        '<ul><li>Durée moyenne de détention de 8 à 25 minutes</li><li>Filtres de spread et de slippage qui écartent les mauvaises exécutions</li><li>Une seule position à la fois : ni grille, ni martingale</li></ul>',
        RISK_DISCLAIMER_FR,
      ].join(''),
    },
    price: 349.99,
    image_url: '/demo/robots/aurora-scalper.svg',
    category: 'forex_scalpers',
    risk_level: 'low',
    trading_pair: 'EURUSD',
    exchange: 'IC Markets',
    features: {
      en: ['Hard stop loss on every trade', 'News filter', 'Spread and slippage guard', 'Runs on a 1,000 USD account'],
      fr: [
        'Stop loss ferme sur chaque trade',
        'Filtre d’actualités',
        'Protection contre le spread et le slippage',
        'Fonctionne sur un compte de 1 000 USD',
      ],
    },
    performance_estimate: 4.5,
    target_profit: 5,
    weekly_pnl: 1.1,
    monthly_pnl: 4.5,
    status: 'active',
    winrate: 71.3,
    balance: 12450.37,
    profit: 2450.37,
    profit_factor: 1.58,
    weekly: 1.12,
    monthly: 4.38,
    floating: 18.4,
    daily: 0.21,
  },
  {
    name: 'Night Owl Asia',
    description: {
      en: [
        '<h3>Mean reversion for the Asian session</h3>',
        '<p>While Europe sleeps, EURGBP tends to drift inside a narrow range. <strong>Night Owl Asia</strong> fades the edges of that range between 22:00 and 06:00 server time and closes everything before the London open.</p>',
        '<ol><li>Measures the session range once liquidity settles</li><li>Enters only at the range extremes, with a volatility check</li><li>Exits at the mid-range or at a fixed stop</li></ol>',
        RISK_DISCLAIMER,
      ].join(''),
      fr: [
        '<h3>Retour à la moyenne pendant la séance asiatique</h3>',
        '<p>Pendant que l’Europe dort, l’EURGBP évolue souvent dans un range étroit. <strong>Night Owl Asia</strong> joue les bornes de ce range entre 22 h et 6 h (heure du serveur) et clôture tout avant l’ouverture de Londres.</p>',
        '<ol><li>Mesure le range de la séance une fois la liquidité installée</li><li>N’entre qu’aux extrémités du range, après un contrôle de volatilité</li><li>Sort au milieu du range ou sur un stop fixe</li></ol>',
        RISK_DISCLAIMER_FR,
      ].join(''),
    },
    price: 249,
    image_url: '/demo/robots/night-owl-asia.svg',
    category: 'forex_scalpers',
    risk_level: 'medium',
    trading_pair: 'EURGBP',
    exchange: 'MT4 / MT5',
    features: {
      en: ['Asian session only', 'Closes all trades before London', 'Volatility filter', 'Friday auto-stop'],
      fr: [
        'Séance asiatique uniquement',
        'Clôture tous les trades avant Londres',
        'Filtre de volatilité',
        'Arrêt automatique le vendredi',
      ],
    },
    performance_estimate: 6,
    target_profit: 6,
    weekly_pnl: 1.4,
    monthly_pnl: 6,
    status: 'active',
    winrate: 78.6,
    balance: 5310.82,
    profit: 810.82,
    profit_factor: 1.36,
    weekly: 0.94,
    monthly: 5.12,
    floating: -12.6,
    daily: 0.18,
  },
  {
    name: 'Falcon Tick Pro',
    description: {
      en: [
        '<h3>Fast momentum bursts on the majors</h3>',
        '<p><strong>Falcon Tick Pro</strong> watches tick velocity on the seven major pairs and jumps in when a burst of orders breaks the short-term balance. It aims for many small wins and cuts losers quickly.</p>',
        '<p>Because it trades often, it needs a <u>raw-spread ECN account</u> and a VPS close to your broker. Results on standard accounts with wide spreads will be noticeably worse.</p>',
        RISK_DISCLAIMER,
      ].join(''),
      fr: [
        '<h3>Des accélérations rapides sur les paires majeures</h3>',
        '<p><strong>Falcon Tick Pro</strong> surveille la vitesse des ticks sur les sept paires majeures et entre en position quand une rafale d’ordres rompt l’équilibre de court terme. Il vise beaucoup de petits gains et coupe vite les pertes.</p>',
        '<p>Comme il trade souvent, il lui faut un <u>compte ECN à spread brut</u> et un VPS proche de votre courtier. Sur des comptes standard aux spreads larges, les résultats seront nettement moins bons.</p>',
        RISK_DISCLAIMER_FR,
      ].join(''),
    },
    price: 499,
    image_url: '/demo/robots/falcon-tick-pro.svg',
    category: 'forex_scalpers',
    risk_level: 'high',
    trading_pair: null,
    exchange: null,
    features: {
      en: [
        'Trades the 7 major pairs',
        'Tick-velocity entries',
        'Per-pair daily loss limit',
        'Designed for ECN accounts and a VPS',
      ],
      fr: [
        'Trade les 7 paires majeures',
        'Entrées sur la vitesse des ticks',
        'Limite de perte journalière par paire',
        'Conçu pour les comptes ECN et un VPS',
      ],
    },
    performance_estimate: 12,
    target_profit: 10,
    weekly_pnl: 2.8,
    monthly_pnl: 12,
    status: 'active',
    winrate: 58.4,
    balance: 8725.14,
    profit: 3725.14,
    profit_factor: 1.27,
    weekly: 2.35,
    monthly: 9.84,
    floating: -37.25,
    daily: -0.42,
  },
  {
    name: 'Midas Gold Breakout',
    description: {
      en: [
        '<h3>Catches the big moves in gold</h3>',
        '<p>Gold often coils before it runs. <strong>Midas Gold Breakout</strong> marks the overnight consolidation on XAUUSD and places pending orders on both sides, so it is in the move whichever way it breaks.</p>',
        '<ul><li>Stops sized from the Average True Range</li><li>Trailing stop that locks in profit on strong days</li><li>Skips days when the range is already too wide</li></ul>',
        '<p>Expect <strong>streaks of small losses</strong> between large winning days: that is how breakout systems make their money.</p>',
        RISK_DISCLAIMER,
      ].join(''),
      fr: [
        '<h3>Saisit les grands mouvements de l’or</h3>',
        '<p>L’or se contracte souvent avant de s’envoler. <strong>Midas Gold Breakout</strong> repère la consolidation nocturne du XAUUSD et place des ordres en attente des deux côtés : il est dans le mouvement, quel que soit le sens de la cassure.</p>',
        '<ul><li>Stops calibrés sur l’Average True Range</li><li>Stop suiveur qui sécurise les gains les jours de forte tendance</li><li>Ne trade pas les jours où le range est déjà trop large</li></ul>',
        '<p>Attendez-vous à des <strong>séries de petites pertes</strong> entre de grosses journées gagnantes : c’est ainsi que les systèmes de cassure gagnent leur argent.</p>',
        RISK_DISCLAIMER_FR,
      ].join(''),
    },
    price: 799,
    image_url: '/demo/robots/midas-gold-breakout.svg',
    category: 'gold_traders',
    risk_level: 'high',
    trading_pair: 'XAUUSD',
    exchange: 'Pepperstone',
    features: {
      en: ['Two-sided pending orders', 'ATR-based stops', 'Trailing profit lock', 'Maximum one trade per day'],
      fr: [
        'Ordres en attente des deux côtés',
        'Stops fondés sur l’ATR',
        'Verrouillage des gains par stop suiveur',
        'Un trade par jour au maximum',
      ],
    },
    performance_estimate: 14,
    target_profit: 15,
    weekly_pnl: 3.2,
    monthly_pnl: 14,
    status: 'active',
    winrate: 46.9,
    balance: 24310.55,
    profit: 9310.55,
    profit_factor: 1.71,
    weekly: 3.46,
    monthly: 11.92,
    floating: 142.8,
    daily: 0.87,
  },
  {
    name: 'Goldwave Grid Guard',
    description: {
      en: [
        '<h3>A grid robot with a seatbelt</h3>',
        '<p><strong>Goldwave Grid Guard</strong> spaces buy and sell levels along the gold price and harvests the swings between them. Unlike classic grids, it caps the number of open levels and closes the whole basket when its equity drawdown limit is reached.</p>',
        '<ul><li>At most 6 open levels per direction</li><li>Equity stop you set as a percentage</li><li>Pauses automatically ahead of central bank announcements</li></ul>',
        RISK_DISCLAIMER,
      ].join(''),
      fr: [
        '<h3>Un robot de grille avec une ceinture de sécurité</h3>',
        '<p><strong>Goldwave Grid Guard</strong> échelonne des niveaux d’achat et de vente le long du cours de l’or et récolte les oscillations entre eux. Contrairement aux grilles classiques, il limite le nombre de niveaux ouverts et clôture tout le panier dès que sa limite de drawdown sur les fonds propres est atteinte.</p>',
        '<ul><li>Au plus 6 niveaux ouverts par sens</li><li>Stop sur les fonds propres, fixé par vous en pourcentage</li><li>Pause automatique avant les annonces des banques centrales</li></ul>',
        RISK_DISCLAIMER_FR,
      ].join(''),
    },
    price: 599.99,
    image_url: '/demo/robots/goldwave-grid-guard.svg',
    category: 'gold_traders',
    risk_level: 'medium',
    trading_pair: 'XAUUSD',
    exchange: null,
    features: {
      en: ['Capped grid levels', 'Basket equity stop', 'Central bank news pause', 'Adjustable lot sizing'],
      fr: [
        'Nombre de niveaux de grille limité',
        'Stop global sur les fonds propres du panier',
        'Pause pendant les annonces des banques centrales',
        'Taille de lot réglable',
      ],
    },
    performance_estimate: 8,
    target_profit: 8,
    weekly_pnl: 1.9,
    monthly_pnl: 8,
    status: 'active',
    winrate: 82.1,
    balance: 15872.09,
    profit: 3872.09,
    profit_factor: 1.44,
    weekly: 1.67,
    monthly: 6.93,
    floating: -96.4,
    daily: 0.35,
  },
  {
    name: 'Bullion Sentinel',
    description: {
      en: [
        '<h3>Patient gold swing trading for larger accounts</h3>',
        '<p><strong>Bullion Sentinel</strong> buys gold after pullbacks in an established uptrend and sells rallies in a downtrend, holding positions for several days. It risks a small, fixed share of the balance per trade.</p>',
        '<p>It trades rarely, often only <strong>three or four times a month</strong>, which suits investors who value a smooth equity curve over excitement. A minimum balance of 5,000 USD is recommended.</p>',
        RISK_DISCLAIMER,
      ].join(''),
      fr: [
        '<h3>Du swing trading patient sur l’or pour les comptes plus importants</h3>',
        '<p><strong>Bullion Sentinel</strong> achète l’or après les replis dans une tendance haussière établie et vend les rebonds dans une tendance baissière, en gardant ses positions plusieurs jours. Il ne risque qu’une petite part fixe du solde par trade.</p>',
        '<p>Il trade rarement, souvent <strong>trois ou quatre fois par mois</strong> seulement, ce qui convient aux investisseurs qui préfèrent une courbe de capital régulière aux sensations fortes. Un solde minimum de 5 000 USD est recommandé.</p>',
        RISK_DISCLAIMER_FR,
      ].join(''),
    },
    price: 1299,
    image_url: '/demo/robots/bullion-sentinel.svg',
    category: 'gold_traders',
    risk_level: 'low',
    trading_pair: 'XAUUSD',
    exchange: 'MT4 / MT5',
    features: {
      en: ['Multi-day swing positions', '0.5% risk per trade', 'Daily and weekly trend filter', 'Break-even after 1R'],
      fr: [
        'Positions swing sur plusieurs jours',
        '0,5 % de risque par trade',
        'Filtre de tendance journalier et hebdomadaire',
        'Seuil de rentabilité après 1R',
      ],
    },
    performance_estimate: 3.5,
    target_profit: 4,
    weekly_pnl: 0.8,
    monthly_pnl: 3.5,
    status: 'active',
    winrate: 63.5,
    balance: 52640.18,
    profit: 7640.18,
    profit_factor: 1.92,
    weekly: 0.74,
    monthly: 3.21,
    floating: 215.35,
    daily: 0.12,
  },
  {
    name: 'Atlas Trend Rider',
    description: {
      en: [
        '<h3>Rides the trend across a basket of pairs</h3>',
        '<p><strong>Atlas Trend Rider</strong> scans twelve forex pairs on the four-hour chart and joins only the strongest, most persistent trends. Positions are spread across uncorrelated pairs so that no single currency dominates the risk.</p>',
        '<ul><li>Correlation check before each new trade</li><li>Partial profit at 2R, the rest trails</li><li>Weekly exposure report in the Experts log</li></ul>',
        RISK_DISCLAIMER,
      ].join(''),
      fr: [
        '<h3>Suit la tendance sur un panier de paires</h3>',
        '<p><strong>Atlas Trend Rider</strong> analyse douze paires de devises en graphique quatre heures et ne rejoint que les tendances les plus fortes et les plus durables. Les positions sont réparties sur des paires non corrélées, pour qu’aucune devise ne domine le risque.</p>',
        '<ul><li>Contrôle de corrélation avant chaque nouveau trade</li><li>Prise de bénéfice partielle à 2R, le reste suit la tendance</li><li>Rapport d’exposition hebdomadaire dans le journal Experts</li></ul>',
        RISK_DISCLAIMER_FR,
      ].join(''),
    },
    price: 449,
    image_url: '/demo/robots/atlas-trend-rider.svg',
    category: 'trend_followers',
    risk_level: 'medium',
    trading_pair: null,
    exchange: 'MT4 / MT5',
    features: {
      en: ['12-pair portfolio', 'Correlation-aware exposure', 'Partial take profit', 'Four-hour timeframe'],
      fr: [
        'Portefeuille de 12 paires',
        'Exposition tenant compte des corrélations',
        'Prise de bénéfice partielle',
        'Unité de temps de quatre heures',
      ],
    },
    performance_estimate: 7,
    target_profit: 7,
    weekly_pnl: 1.6,
    monthly_pnl: 7,
    status: 'active',
    winrate: 52.7,
    balance: 18904.6,
    profit: 3904.6,
    profit_factor: 1.49,
    weekly: -0.63,
    monthly: 5.48,
    floating: -58.1,
    daily: -0.15,
  },
  {
    name: 'Polaris Swing',
    description: {
      en: [
        '<h3>Swing trading the most volatile yen cross</h3>',
        '<p>GBPJPY moves far and fast. <strong>Polaris Swing</strong> waits for a retracement to the daily value zone, then enters in the direction of the weekly trend with a stop beyond the last swing point.</p>',
        '<ol><li>Weekly bias sets the direction</li><li>Daily retracement sets the entry zone</li><li>Hourly confirmation triggers the order</li></ol>',
        RISK_DISCLAIMER,
      ].join(''),
      fr: [
        '<h3>Du swing trading sur le cross yen le plus volatil</h3>',
        '<p>Le GBPJPY va loin et vite. <strong>Polaris Swing</strong> attend un retracement vers la zone de valeur journalière, puis entre dans le sens de la tendance hebdomadaire avec un stop au-delà du dernier point de swing.</p>',
        '<ol><li>Le biais hebdomadaire fixe le sens</li><li>Le retracement journalier fixe la zone d’entrée</li><li>Une confirmation horaire déclenche l’ordre</li></ol>',
        RISK_DISCLAIMER_FR,
      ].join(''),
    },
    price: 379.5,
    image_url: '/demo/robots/polaris-swing.svg',
    category: 'trend_followers',
    risk_level: 'medium',
    trading_pair: 'GBPJPY',
    exchange: 'IC Markets',
    features: {
      en: [
        'Three-timeframe confirmation',
        'Swing-point stops',
        'Spread filter for JPY crosses',
        'Email and push alerts',
      ],
      fr: [
        'Confirmation sur trois unités de temps',
        'Stops sur les points de swing',
        'Filtre de spread pour les crosses JPY',
        'Alertes par e-mail et notifications push',
      ],
    },
    performance_estimate: 6.5,
    target_profit: 6,
    weekly_pnl: 1.5,
    monthly_pnl: 6.5,
    status: 'active',
    winrate: 55.2,
    balance: 9876.43,
    profit: 1876.43,
    profit_factor: 1.39,
    weekly: 1.28,
    monthly: 4.97,
    floating: 33.7,
    daily: 0.26,
  },
  {
    name: 'Titan Momentum',
    description: {
      en: [
        '<h3>Aggressive momentum on USDJPY</h3>',
        '<p><strong>Titan Momentum</strong> adds to winning positions as a USDJPY move accelerates and exits when momentum fades. It is built for traders who accept deep drawdowns in exchange for higher potential returns.</p>',
        '<p><s>Version 1 is no longer sold.</s> A rebuilt version with a stricter equity stop is in testing; see the <a href="https://www.mql5.com/en/articles">MQL5 articles</a> for background on momentum strategies.</p>',
        RISK_DISCLAIMER,
      ].join(''),
      fr: [
        '<h3>Du momentum agressif sur l’USDJPY</h3>',
        '<p><strong>Titan Momentum</strong> renforce les positions gagnantes quand un mouvement de l’USDJPY s’accélère et sort quand l’élan faiblit. Il est fait pour les traders qui acceptent de forts drawdowns en échange d’un potentiel de rendement plus élevé.</p>',
        '<p><s>La version 1 n’est plus vendue.</s> Une version refaite, avec un stop plus strict sur les fonds propres, est en test ; voir les <a href="https://www.mql5.com/fr/articles">articles MQL5</a> pour en savoir plus sur les stratégies de momentum.</p>',
        RISK_DISCLAIMER_FR,
      ].join(''),
    },
    price: 149,
    image_url: '/demo/robots/titan-momentum.svg',
    category: 'trend_followers',
    risk_level: 'high',
    trading_pair: 'USDJPY',
    exchange: null,
    features: {
      en: ['Pyramiding on strength', 'Momentum-fade exit', 'Equity stop', 'Five-minute to one-hour charts'],
      fr: [
        'Renforcement sur la force',
        'Sortie quand l’élan faiblit',
        'Stop sur les fonds propres',
        'Graphiques de cinq minutes à une heure',
      ],
    },
    performance_estimate: 18,
    target_profit: 20,
    weekly_pnl: 4.2,
    monthly_pnl: 18,
    status: 'inactive',
    winrate: 49.8,
    balance: 6120.95,
    profit: 1120.95,
    profit_factor: 1.18,
    weekly: -2.84,
    monthly: 7.36,
    floating: -121.5,
    daily: -1.08,
  },
];

const HISTORY_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_DAYS = 7;
/** Daily returns before the 30 shown days, so every point has full 7- and 30-day windows. */
const WARM_UP_DAYS = HISTORY_DAYS - 1;

/** Typical size of a day's return, percent, by risk level. */
const DAILY_VOLATILITY: Record<DemoRobot['risk_level'], number> = { low: 0.25, medium: 0.55, high: 1.1 };

/** FNV-1a: a stable 32-bit seed from the robot's name. */
function hashName(name: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    hash ^= name.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: small, fast, good enough for demo noise, and identical on every run. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round = (value: number, decimals: number): number => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);

/**
 * Thirty daily stats points, oldest first, the last one recorded at `now` and equal to the
 * robot's current stats. Daily returns are noise shifted so that the last 7 add up to `weekly`
 * and the last 30 to `monthly`; balance and profit are walked back from today through those
 * returns, so the chart and the headline figures agree.
 */
export function demoRobotHistory(robot: DemoRobot, now: Date): DemoRobotStatsPoint[] {
  const random = seededRandom(hashName(robot.name));
  const noise = (scale: number) => (random() * 2 - 1) * scale;
  const volatility = DAILY_VOLATILITY[robot.risk_level];

  const total = WARM_UP_DAYS + HISTORY_DAYS;
  const returns = Array.from({ length: total }, () => robot.monthly / HISTORY_DAYS + noise(volatility));
  returns[total - 1] = robot.daily;
  // Earlier days of the week absorb the gap to `weekly`, earlier days of the month the gap to `monthly`.
  const weekStart = total - WEEK_DAYS;
  const monthStart = total - HISTORY_DAYS;
  const weekGap = (robot.weekly - sum(returns.slice(weekStart))) / (WEEK_DAYS - 1);
  for (let i = weekStart; i < total - 1; i++) returns[i] = (returns[i] ?? 0) + weekGap;
  const monthGap = (robot.monthly - sum(returns.slice(monthStart))) / (HISTORY_DAYS - WEEK_DAYS);
  for (let i = monthStart; i < weekStart; i++) returns[i] = (returns[i] ?? 0) + monthGap;

  const points: DemoRobotStatsPoint[] = [];
  let balance = robot.balance;
  let profit = robot.profit;
  let winrate = robot.winrate;
  let profitFactor = robot.profit_factor;
  for (let day = HISTORY_DAYS - 1; day >= 0; day--) {
    const index = monthStart + day;
    const daily = returns[index] ?? 0;
    const isToday = day === HISTORY_DAYS - 1;
    points.push({
      recorded_at: new Date(now.getTime() - (HISTORY_DAYS - 1 - day) * DAY_MS).toISOString(),
      balance: round(balance, 2),
      winrate: round(winrate, 1),
      profit: round(profit, 2),
      profit_factor: round(profitFactor, 2),
      weekly: isToday ? robot.weekly : round(sum(returns.slice(index - WEEK_DAYS + 1, index + 1)), 2),
      monthly: isToday ? robot.monthly : round(sum(returns.slice(index - HISTORY_DAYS + 1, index + 1)), 2),
      floating: isToday ? robot.floating : round(noise((robot.balance * volatility) / 100), 2),
      daily: round(daily, 2),
    });
    const previousBalance = balance / (1 + daily / 100);
    profit -= balance - previousBalance;
    balance = previousBalance;
    winrate = Math.min(95, Math.max(20, winrate + noise(0.6)));
    profitFactor = Math.max(0.6, profitFactor + noise(0.03));
  }
  return points.reverse();
}

export interface DemoTrade {
  ticket: string;
  symbol: string;
  side: 'buy' | 'sell';
  lots: number;
  opened_at: string;
  closed_at: string;
  profit: number;
}

const DEMO_TRADES = 40;
const DEMO_SYMBOLS = ['EURUSD', 'GBPUSD', 'USDJPY', 'XAUUSD'];

/**
 * Forty closed trades over the 30 days of history, oldest first: as many winners as the robot's
 * win rate gives, and winners and losers sized so that their sums give its profit factor, so the
 * track record's trade figures tell the same story as the headline figures.
 */
export function demoRobotTrades(robot: DemoRobot, now: Date): DemoTrade[] {
  const random = seededRandom(hashName(`${robot.name} trades`));
  const wins = Math.round((DEMO_TRADES * robot.winrate) / 100);
  const losses = DEMO_TRADES - wins;
  const averageLoss = (robot.balance * DAILY_VOLATILITY[robot.risk_level]) / 100;
  const grossLoss = averageLoss * losses;
  const averageWin = wins > 0 ? (grossLoss * robot.profit_factor) / wins : 0;
  // Winners and losers shuffled (Fisher-Yates), the same way on every run.
  const outcomes = Array.from({ length: DEMO_TRADES }, (_, index) => index < wins);
  for (let i = outcomes.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [outcomes[i], outcomes[j]] = [outcomes[j]!, outcomes[i]!];
  }
  const symbol = robot.trading_pair?.replace('/', '') ?? '';
  const start = now.getTime() - (HISTORY_DAYS - 1) * DAY_MS;
  const step = ((HISTORY_DAYS - 1) * DAY_MS) / DEMO_TRADES;
  // Alternately a quarter above and below their kind's average: sums close to the target.
  const size = (average: number, index: number) => round(average * (index % 2 === 0 ? 1.25 : 0.75), 2);
  let winIndex = 0;
  let lossIndex = 0;
  return outcomes.map((won, index) => {
    const opened = start + index * step;
    const profit = won ? size(averageWin, winIndex++) : -size(averageLoss, lossIndex++);
    return {
      ticket: String(1_000_000 + index),
      symbol: /^[A-Z]{6}$/.test(symbol) ? symbol : DEMO_SYMBOLS[index % DEMO_SYMBOLS.length]!,
      side: random() < 0.5 ? 'buy' : 'sell',
      lots: round(0.1 + random() * 0.9, 2),
      opened_at: new Date(opened).toISOString(),
      closed_at: new Date(opened + step * (0.2 + random() * 0.6)).toISOString(),
      profit,
    };
  });
}

/**
 * The demo hero's words, as settings rather than text drawn in the banner image: HTML text stays
 * readable on a phone and the owner rewrites it, in their language, in Settings.
 */
/** The home page's hero, in each language (settings hero_title and hero_description). */
export const demoHeroText = {
  hero_title: { en: 'Trading robots that never sleep', fr: 'Des robots de trading qui ne dorment jamais' },
  hero_description: {
    en: 'Expert Advisors for MetaTrader 4 and 5, on forex and gold, delivered within 24 hours.',
    fr: 'Des Expert Advisors pour MetaTrader 4 et 5, sur le forex et l’or, livrés sous 24 heures.',
  },
} satisfies Record<'hero_title' | 'hero_description', LocalizedText>;

export const demoBanners: readonly DemoHeroBanner[] = [
  {
    title: {
      en: 'Automated trading robots for MetaTrader 4 and 5',
      fr: 'Des robots de trading automatiques pour MetaTrader 4 et 5',
    },
    type: 'image',
    content_url: '/demo/banners/trading-robots.svg',
    order_index: 0,
    active: true,
  },
  {
    title: { en: 'How the economic machine works', fr: 'Comment fonctionne la machine économique' },
    type: 'youtube',
    content_url: 'https://www.youtube.com/watch?v=PHe0bXAIuk0',
    order_index: 1,
    active: true,
  },
];
