import { describe, expect, it } from 'vitest';
import type { Robot } from '../../../shared/schemas/catalogue.js';
import { countRobotsByCategory, filterRobotsByCategory } from './filter-robots';

function robot(id: string, category: string | null): Robot {
  return {
    id,
    name: `Robot ${id}`,
    description: '',
    price: 0,
    image_url: null,
    category,
    risk_level: 'medium',
    trading_pair: null,
    exchange: null,
    features: [],
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
