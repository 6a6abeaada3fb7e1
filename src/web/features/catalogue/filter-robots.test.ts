import { describe, expect, it } from 'vitest';
import type { Robot } from '../../../shared/schemas/catalogue.js';
import {
  countRobotsByCategory,
  filterRobotsByCategory,
  searchRobotsByName,
  sortRobots,
  toRobotSort,
} from './filter-robots';

function robot(id: string, category: string | null): Robot {
  return {
    id,
    name: `Robot ${id}`,
    slug: `robot-${id}`,
    description: { en: '', fr: '' },
    price: 0,
    image_url: null,
    category,
    risk_level: 'medium',
    trading_pair: null,
    exchange: null,
    features: { en: [], fr: [] },
    performance_estimate: 0,
    target_profit: 0,
    weekly_pnl: 0,
    monthly_pnl: 0,
    status: 'active',
    winrate: null,
    balance: null,
    profit: null,
    profit_factor: null,
    weekly: null,
    monthly: null,
    floating: null,
    daily: null,
    last_stats_update: null,
    trial_days: null,
    licence_required: false,
    licence_real_slots: 1,
    licence_demo_slots: 2,
    licence_duration_days: null,
    delivery: 'per_order',
    current_version: null,
    verified_record_url: null,
    track_growth: null,
    track_max_drawdown: null,
    track_started_at: null,
    created_date: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
  };
}

const robots = [robot('1', 'scalping'), robot('2', 'grid'), robot('3', 'scalping'), robot('4', null)];

describe('countRobotsByCategory', () => {
  it('counts robots per category key and skips uncategorised ones', () => {
    expect(Object.fromEntries(countRobotsByCategory(robots))).toEqual({ scalping: 2, grid: 1 });
  });
});

describe('filterRobotsByCategory', () => {
  it('keeps every robot for All', () => {
    expect(filterRobotsByCategory(robots, null)).toBe(robots);
  });

  it('keeps the robots of one category in their original order', () => {
    expect(filterRobotsByCategory(robots, 'scalping').map((r) => r.id)).toEqual(['1', '3']);
  });

  it('returns nothing for a category without robots', () => {
    expect(filterRobotsByCategory(robots, 'swing')).toEqual([]);
  });
});

describe('sortRobots', () => {
  const priced = [
    { ...robot('a', null), price: 349.99, winrate: 61, monthly: null },
    { ...robot('b', null), price: 1299, winrate: null, monthly: 4.2 },
    { ...robot('c', null), price: 99, winrate: 72.5, monthly: 7.9 },
  ];
  const ids = (list: readonly Robot[]) => list.map((r) => r.id);

  it('keeps the server’s newest-first order by default', () => {
    expect(sortRobots(priced, 'newest')).toBe(priced);
  });

  it('orders by price either way, and by win rate and monthly gain from the best, unreported last', () => {
    expect(ids(sortRobots(priced, 'price-asc'))).toEqual(['c', 'a', 'b']);
    expect(ids(sortRobots(priced, 'price-desc'))).toEqual(['b', 'a', 'c']);
    expect(ids(sortRobots(priced, 'winrate'))).toEqual(['c', 'a', 'b']);
    expect(ids(sortRobots(priced, 'monthly'))).toEqual(['c', 'b', 'a']);
  });

  it('reads the URL value, and falls back to newest for anything else', () => {
    expect(toRobotSort('price-desc')).toBe('price-desc');
    expect(toRobotSort('cheapest')).toBe('newest');
    expect(toRobotSort(null)).toBe('newest');
  });
});

describe('searchRobotsByName', () => {
  const named = [
    { ...robot('1', null), name: 'Médaille Gold Breakout' },
    { ...robot('2', null), name: 'Aurora Scalper' },
  ];

  it('finds every word of the query in the name, ignoring case and accents', () => {
    expect(searchRobotsByName(named, 'medaille GOLD').map((r) => r.id)).toEqual(['1']);
    expect(searchRobotsByName(named, 'scal').map((r) => r.id)).toEqual(['2']);
    expect(searchRobotsByName(named, 'gold scalper')).toEqual([]);
  });

  it('keeps everything for an empty query', () => {
    expect(searchRobotsByName(named, '   ')).toBe(named);
  });
});
