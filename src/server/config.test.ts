import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.js';

describe('configuration', () => {
  it('defaults to SQLite in ./data on port 3000', () => {
    const config = parseConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.database).toEqual({ dialect: 'sqlite', file: path.resolve('data/shop.db') });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.seedDemo).toBe(true);
    expect(config.statsRefreshSeconds).toBe(60);
  });

  it('switches to PostgreSQL for a postgres:// DATABASE_URL', () => {
    const config = parseConfig({ DATABASE_URL: 'postgres://shop@db.internal:5432/shop' });
    expect(config.database).toEqual({ dialect: 'postgres', url: 'postgres://shop@db.internal:5432/shop' });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['PUBLIC_URL', 'not a url'],
    ['DATABASE_URL', 'mysql://localhost/shop'],
    ['AUTH_SECRET', 'short'],
    ['ADMIN_EMAIL', 'nobody'],
    ['SEED_DEMO', 'maybe'],
    ['LOG_LEVEL', 'loud'],
    ['STATS_REFRESH_SECONDS', '-1'],
    ['STATS_REFRESH_SECONDS', '1.5'],
    ['STATS_REFRESH_SECONDS', 'often'],
    ['NEWSLETTER_SEND_RATE', '0'],
    ['NEWSLETTER_SEND_RATE', 'fast'],
  ])('names %s when its value %j is wrong, in one line', (name, value) => {
    const env: Record<string, string> = { [name]: value };
    if (name === 'ADMIN_EMAIL') env.ADMIN_PASSWORD = 'long-enough-password';
    expect(() => parseConfig(env)).toThrow(ConfigError);
    try {
      parseConfig(env);
    } catch (error) {
      expect((error as Error).message).toMatch(new RegExp(`^Invalid ${name}: `));
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('requires ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => parseConfig({ ADMIN_EMAIL: 'owner@example.com' })).toThrow(/^Invalid ADMIN_PASSWORD/);
  });

  it('accepts SEED_DEMO=false and strips a trailing slash from PUBLIC_URL', () => {
    const config = parseConfig({ SEED_DEMO: 'false', PUBLIC_URL: 'https://shop.example.com/' });
    expect(config.seedDemo).toBe(false);
    expect(config.publicUrl).toBe('https://shop.example.com');
  });

  it('takes STATS_REFRESH_SECONDS, 0 meaning refreshes on demand only', () => {
    expect(parseConfig({ STATS_REFRESH_SECONDS: '300' }).statsRefreshSeconds).toBe(300);
    expect(parseConfig({ STATS_REFRESH_SECONDS: '0' }).statsRefreshSeconds).toBe(0);
    expect(parseConfig({ STATS_REFRESH_SECONDS: '' }).statsRefreshSeconds).toBe(60);
  });

  it('takes NEWSLETTER_SEND_RATE in messages per second, 10 by default', () => {
    expect(parseConfig({}).newsletterSendRate).toBe(10);
    expect(parseConfig({ NEWSLETTER_SEND_RATE: '0.5' }).newsletterSendRate).toBe(0.5);
  });
});
