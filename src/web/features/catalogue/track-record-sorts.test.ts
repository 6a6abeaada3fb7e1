import { describe, expect, it } from 'vitest';
import type { Robot } from '../../../shared/schemas/catalogue.js';
import { sortRobots, toRobotSort } from './filter-robots';

function robot(id: string, track: Pick<Robot, 'track_growth' | 'track_max_drawdown' | 'track_started_at'>): Robot {
  return {
    id,
    name: `Robot ${id}`,
    slug: `robot-${id}`,
    description: { en: '', fr: '' },
    price: 0,
    image_url: null,
    category: null,
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
    licence_required: false,
    licence_real_slots: 1,
    licence_demo_slots: 2,
    licence_duration_days: null,
    delivery: 'per_order',
    current_version: null,
    trial_days: null,
    verified_record_url: null,
    ...track,
    created_date: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
  };
}

const robots = [
  robot('young', { track_growth: 12, track_max_drawdown: 30, track_started_at: '2026-06-01T00:00:00.000Z' }),
  robot('none', { track_growth: null, track_max_drawdown: null, track_started_at: null }),
  robot('old', { track_growth: 4, track_max_drawdown: 8, track_started_at: '2025-01-01T00:00:00.000Z' }),
  robot('mid', { track_growth: -3, track_max_drawdown: 15, track_started_at: '2026-01-01T00:00:00.000Z' }),
];
const ids = (sorted: readonly Robot[]) => sorted.map((item) => item.id);

describe('sorting by the track record', () => {
  it('puts the highest growth first', () => {
    expect(ids(sortRobots(robots, 'growth'))).toEqual(['young', 'old', 'mid', 'none']);
  });

  it('puts the smallest drawdown first', () => {
    expect(ids(sortRobots(robots, 'drawdown'))).toEqual(['old', 'mid', 'young', 'none']);
  });

  it('puts the longest record first', () => {
    expect(ids(sortRobots(robots, 'age'))).toEqual(['old', 'mid', 'young', 'none']);
  });

  it('reads the new sorts from the URL', () => {
    expect(['growth', 'drawdown', 'age'].map(toRobotSort)).toEqual(['growth', 'drawdown', 'age']);
  });
});
