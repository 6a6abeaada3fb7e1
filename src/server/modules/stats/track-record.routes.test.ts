import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withShop, type Shop } from '../../../../tests/support/shop.js';
import { testDialects } from '../../../../tests/support/test-app.js';
import {
  handAgeWeeks,
  handCashFlows,
  handCurveGrowth,
  handFigures,
  handMonths,
  handReadings,
  handTrades,
  handYears,
} from '../../../../tests/support/track-record-series.js';
import type { Robot } from '../../../shared/schemas/catalogue.js';
import type { AdminTrackRecord, TrackRecord, TrackRecordFigures } from '../../../shared/schemas/track-record.js';

const SECRET = 'track-record-secret-long-enough-to-use';

/** Every figure against the expected ones: numbers to 9 decimals (floating point), the rest exactly. */
function expectFigures(figures: TrackRecordFigures, expected: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(expected)) {
    const actual = figures[name as keyof TrackRecordFigures];
    if (typeof value === 'number') expect(actual, name).toBeCloseTo(value, 9);
    else if (value !== null && typeof value === 'object') {
      const month = value as { month: string; return: number };
      expect((actual as typeof month).month, name).toBe(month.month);
      expect((actual as typeof month).return, name).toBeCloseTo(month.return, 9);
    } else expect(actual, name).toEqual(value);
  }
}

type Record_ = Record<string, unknown>;
const reading = (index: number): Record_ => {
  const { time, balance, equity } = handReadings[index]!;
  return { time, balance, equity };
};
/** The hand series' items whose time lies in [from, to). */
const flowsBetween = (from: string, to: string) => handCashFlows.filter((flow) => flow.time >= from && flow.time < to);
const tradesBetween = (from: string, to: string) =>
  handTrades.filter((trade) => trade.opened_at >= from && trade.opened_at < to);

describe.each(testDialects)('track records on %s', (dialect) => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await withShop(dialect, { env: { STATS_REFRESH_SECONDS: '0' } });
    await shop.setSetting('n8n_secret_token', SECRET);
  });
  afterAll(() => shop.close());

  const push = (body: object) => shop.anonymous.post('/api/hooks/stats', body, { 'x-secret-token': SECRET });
  const trackRecord = async (robotId: string) => {
    const response = await shop.anonymous.get(`/api/robots/${robotId}/track-record`);
    expect(response.statusCode).toBe(200);
    return response.json<TrackRecord>();
  };
  const adminView = async (robotId: string, page = 0) => {
    const response = await shop.admin.get(`/api/admin/robots/${robotId}/track-record?page=${page}`);
    expect(response.statusCode).toBe(200);
    return response.json<AdminTrackRecord>();
  };
  const publicRobot = async (robotId: string) =>
    (await shop.anonymous.get('/api/robots')).json<Robot[]>().find((robot) => robot.id === robotId)!;

  /** The hand series in two pushes, each in time order: every reading is one step of the running figures. */
  async function pushInOrder(name: string) {
    const split = '2026-01-20T00:00:00.000Z';
    const first = await push([
      { robot_name: name, ...reading(0) },
      {
        robot_name: name,
        ...reading(1),
        cash_flows: flowsBetween('2026', split),
        trades: tradesBetween('2026', split),
      },
      { robot_name: name, ...reading(2) },
    ]);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ accepted: 3 });
    const second = await push([
      {
        robot_name: name,
        ...reading(3),
        cash_flows: flowsBetween(split, '2027'),
        trades: tradesBetween(split, '2027'),
      },
      { robot_name: name, ...reading(4) },
      { robot_name: name, ...reading(5) },
    ]);
    expect(second.statusCode).toBe(200);
  }

  it('computes every figure of the hand-computed series as readings arrive in order', async () => {
    const robot = await shop.newRobot({ name: 'Hand Series In Order' });
    const before = new Date();
    await pushInOrder(robot.name);
    const record = await trackRecord(robot.id);
    const after = new Date();

    expectFigures(record.figures, handFigures);
    expect([handAgeWeeks(before), handAgeWeeks(after)]).toContain(record.figures.age_weeks);
    expect(record.months.map((month) => month.month)).toEqual(handMonths.map((month) => month.month));
    record.months.forEach((month, index) => expect(month.return).toBeCloseTo(handMonths[index]!.return, 9));
    expect(record.years.map((year) => year.year)).toEqual([2026]);
    expect(record.years[0]!.return).toBeCloseTo(handYears[0]!.return, 9);
    expect(record.curve.map((point) => point.time)).toEqual(handReadings.map((point) => point.time));
    record.curve.forEach((point, index) => expect(point.growth).toBeCloseTo(handCurveGrowth[index]!, 9));
    expect(record.curve.at(-1)).toMatchObject({ balance: 1512, equity: 1417.5 });
    expect(record.cash_flows).toEqual([
      { time: '2026-01-14T10:00:00.000Z', type: 'deposit', amount: 900 },
      { time: '2026-02-03T09:00:00.000Z', type: 'withdrawal', amount: 450 },
    ]);

    // The catalogue's copy: growth and the equity's maximum drawdown, and the start.
    const listed = await publicRobot(robot.id);
    expect(listed.track_growth).toBeCloseTo(3.95, 9);
    expect(listed.track_max_drawdown).toBeCloseTo(25, 9);
    expect(listed.track_started_at).toBe(handFigures.started_at);
  });

  it('reaches the same figures when readings and cash flows arrive out of order (one recomputation)', async () => {
    const robot = await shop.newRobot({ name: 'Hand Series Out Of Order' });
    // The last readings first, then the first ones, the cash flows and trades last: every
    // reading of the second push and every flow land before the last reading.
    expect(
      (
        await push([
          { robot_name: robot.name, ...reading(5) },
          { robot_name: robot.name, ...reading(3) },
          { robot_name: robot.name, ...reading(4) },
        ])
      ).statusCode,
    ).toBe(200);
    expect((await push([0, 2, 1].map((index) => ({ robot_name: robot.name, ...reading(index) })))).statusCode).toBe(
      200,
    );
    expect((await push({ robot_name: robot.name, cash_flows: handCashFlows, trades: handTrades })).statusCode).toBe(
      200,
    );
    expectFigures((await trackRecord(robot.id)).figures, handFigures);
  });

  it('reaches the same figures when pushes for one robot arrive at the same time (they take turns)', async () => {
    const robot = await shop.newRobot({ name: 'Hand Series Concurrent' });
    const responses = await Promise.all([
      ...handReadings.map((_, index) => push({ robot_name: robot.name, ...reading(index) })),
      push({ robot_name: robot.name, cash_flows: handCashFlows, trades: handTrades }),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    expectFigures((await trackRecord(robot.id)).figures, handFigures);
  });

  it('changes nothing when the same data is sent again, and logs each push', async () => {
    const robot = await shop.newRobot({ name: 'Hand Series Resent' });
    await pushInOrder(robot.name);
    const first = await trackRecord(robot.id);
    await pushInOrder(robot.name);
    expect(await trackRecord(robot.id)).toEqual(first);
    const view = await adminView(robot.id);
    expect(view.cash_flows).toHaveLength(2);
    expect(view.trades_total).toBe(5);
    expect(view.pushes).toHaveLength(4);
    expect(view.pushes[0]).toMatchObject({ source: 'hook', readings: 3, cash_flows: 1, trades: 3 });
  });

  it('adds no reading equal to the last one when no money moved between them', async () => {
    const robot = await shop.newRobot({ name: 'Flat Readings' });
    await push({ robot_name: robot.name, ...reading(0) });
    await push({ robot_name: robot.name, time: '2026-01-06T00:00:00.000Z', balance: 1000, equity: 1000 });
    await push({ robot_name: robot.name, time: '2026-01-07T00:00:00.000Z', balance: 1010, equity: 1010 });
    const record = await trackRecord(robot.id);
    expect(record.figures.readings).toBe(2);
    expect(record.figures.growth).toBeCloseTo(1, 9);
    // The last data is still the latest reading stored.
    expect(record.figures.last_data_at).toBe('2026-01-07T00:00:00.000Z');
  });

  it('takes equity as balance plus the floating profit when no equity is sent, and "now" as the time', async () => {
    const robot = await shop.newRobot({ name: 'Legacy Workflow' });
    // A workflow of SPEC's figures only: its balance readings build the record too.
    const sent = new Date().toISOString();
    expect((await push({ robot_name: robot.name, balance: '2,000.00', profit: '-50' })).json()).toEqual({
      accepted: 1,
    });
    const record = await trackRecord(robot.id);
    expect(record.curve).toHaveLength(1);
    expect(record.curve[0]).toMatchObject({ balance: 2000, equity: 1950 });
    expect(record.curve[0]!.time >= sent).toBe(true);
    expect(record.figures.growth).toBeNull();
  });

  it('corrects a trade sent again with other values', async () => {
    const robot = await shop.newRobot({ name: 'Corrected Trade' });
    await push({ robot_name: robot.name, trades: handTrades });
    // The breakeven trade was in fact won 30: 3 won, profit factor (180 + 30) / 120 = 1.75.
    await push({ robot_name: robot.name, trades: [{ ...handTrades[4], profit: '30' }] });
    expectFigures((await trackRecord(robot.id)).figures, {
      trades: 5,
      winning_trades: 3,
      losing_trades: 2,
      win_rate: 60,
      profit_factor: 1.75,
      average_win: 70,
      expectancy: 18,
    });
  });

  it('lets the owner delete a wrong cash flow or trade: the figures are computed again, and the activity log says so', async () => {
    const robot = await shop.newRobot({ name: 'Owner Corrections' });
    await pushInOrder(robot.name);
    const view = await adminView(robot.id);
    const withdrawal = view.cash_flows.find((flow) => flow.type === 'withdrawal')!;
    expect(withdrawal).toMatchObject({ amount: 450, external_id: 'W-1', time: '2026-02-03T09:00:00.000Z' });

    const deleted = await shop.admin.delete(`/api/admin/robots/${robot.id}/track-record/cash-flows/${withdrawal.id}`);
    expect(deleted.statusCode).toBe(204);
    // Without the withdrawal, the fall from 2250 to 1890 is a loss:
    //   r4 = 1890 / 2250 - 1 = -16 %; index 1.2375 * 0.84 = 1.0395, then * 0.8 = 0.8316
    //   growth -16.84 %; drawdown from the peak 1.2375: 1 - 0.8316 / 1.2375 = 32.8 %.
    const after = await trackRecord(robot.id);
    expectFigures(after.figures, { growth: -16.84, balance_drawdown: 32.8, withdrawals: 0, deposits: 900 });
    expect(after.months.map((month) => month.month)).toEqual(['2026-01', '2026-02']);
    // February: 0.84 * 0.8 - 1 = -32.8 %.
    expect(after.months[1]!.return).toBeCloseTo(-32.8, 9);
    expect((await publicRobot(robot.id)).track_growth).toBeCloseTo(-16.84, 9);

    const trade = view.trades.find((item) => item.ticket === '1004')!;
    expect((await shop.admin.delete(`/api/admin/robots/${robot.id}/track-record/trades/${trade.id}`)).statusCode).toBe(
      204,
    );
    // 120, -40, 60, 0: 4 trades, 2 won, 1 lost; profit factor 180 / 40 = 4.5.
    expectFigures((await trackRecord(robot.id)).figures, { trades: 4, losing_trades: 1, profit_factor: 4.5 });
    // Its last data is now the last reading still: trades closed earlier.
    expect((await trackRecord(robot.id)).figures.last_data_at).toBe(handFigures.last_data_at);

    const log = (await shop.admin.get(`/api/admin/audit?resource=robot`)).json<{
      rows: Array<{ action: string; record_id: string; summary: string; changes: Record<string, { from: unknown }> }>;
    }>();
    const entries = log.rows.filter((row) => row.record_id === robot.id);
    expect(entries.map((row) => row.action).sort()).toEqual(['delete cash flow', 'delete trade']);
    expect(entries.every((row) => row.summary === robot.name)).toBe(true);
    expect(entries.find((row) => row.action === 'delete cash flow')!.changes.cash_flow!.from).toEqual({
      type: 'withdrawal',
      amount: 450,
      occurred_at: '2026-02-03T09:00:00.000Z',
    });
    expect(entries.find((row) => row.action === 'delete trade')!.changes.trade!.from).toEqual({
      ticket: trade.ticket,
      side: trade.side,
      lots: trade.lots,
      symbol: trade.symbol,
      profit: trade.profit,
      closed_at: trade.closed_at,
    });

    // Already gone, or never there: 404, and nothing else changes.
    expect(
      (await shop.admin.delete(`/api/admin/robots/${robot.id}/track-record/cash-flows/${withdrawal.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await shop.admin.delete(`/api/admin/robots/no-such-robot/track-record/trades/${trade.id}`)).statusCode,
    ).toBe(404);
    expect((await shop.admin.get('/api/admin/robots/no-such-robot/track-record')).statusCode).toBe(404);
  });

  it('pages the trades for the owner, newest closed first', async () => {
    const robot = await shop.newRobot({ name: 'Many Trades' });
    const trades = Array.from({ length: 30 }, (_, index) => ({
      ticket: `T-${index}`,
      symbol: 'EURUSD',
      side: index % 2 ? 'BUY' : 'sell',
      lots: '0.10',
      opened_at: new Date(Date.UTC(2026, 0, 1 + index, 8)).toISOString(),
      closed_at: new Date(Date.UTC(2026, 0, 1 + index, 9)).toISOString(),
      profit: index - 10,
    }));
    expect((await push({ robot_name: robot.name, trades })).statusCode).toBe(200);
    const first = await adminView(robot.id);
    expect(first.trades_total).toBe(30);
    expect(first.trades).toHaveLength(first.page_size);
    expect(first.trades[0]).toMatchObject({ ticket: 'T-29', side: 'buy', lots: 0.1, profit: 19 });
    const last = await adminView(robot.id, 1);
    expect(last.trades).toHaveLength(30 - first.page_size);
    expect(last.trades.at(-1)!.ticket).toBe('T-0');
  });

  it('names the robots no robot of the shop is called, and keeps their SPEC figures', async () => {
    const response = await push([
      { robot_name: 'Nobody Here', balance: 100, time: '2026-01-05T00:00:00Z', winrate: 50 },
      { robot_name: 'Nobody Either', winrate: 40 },
    ]);
    expect(response.json()).toEqual({ accepted: 2, unknown_robots: ['Nobody Here'] });
  });

  it('refuses a push whose track data is not valid, naming the field, and keeps none of it', async () => {
    const robot = await shop.newRobot({ name: 'Refused Data' });
    const refused = async (record: Record_, field: string, message: RegExp) => {
      const response = await push([
        { robot_name: robot.name, balance: 500 },
        { robot_name: robot.name, ...record },
      ]);
      expect(response.statusCode, field).toBe(400);
      const fields = response.json().error.fields as Record<string, string>;
      expect(fields[field], JSON.stringify(fields)).toMatch(message);
    };
    const trade = { ...handTrades[0] };
    await refused(
      { cash_flows: [{ type: 'deposit', amount: -5, time: '2026-01-01T00:00:00Z' }] },
      'body.1.cash_flows.0.amount',
      /greater than 0/,
    );
    await refused(
      { cash_flows: [{ type: 'bonus', amount: 5, time: '2026-01-01T00:00:00Z' }] },
      'body.1.cash_flows.0.type',
      /deposit/,
    );
    await refused(
      { cash_flows: [{ type: 'deposit', amount: 5, time: '2026-01-01' }] },
      'body.1.cash_flows.0.time',
      /ISO 8601/,
    );
    await refused(
      { trades: [{ ...trade, closed_at: '2026-01-01T00:00:00Z' }] },
      'body.1.trades.0.closed_at',
      /before opened_at/,
    );
    await refused({ trades: [{ ...trade, profit: 'lots' }] }, 'body.1.trades.0.profit', /numeric string/);
    await refused({ trades: [{ ...trade, side: 'long' }] }, 'body.1.trades.0.side', /buy/);
    await refused({ trades: [{ ...trade, ticket: '' }] }, 'body.1.trades.0.ticket', /required/);
    await refused({ time: new Date(Date.now() + 3600_000).toISOString(), balance: 1 }, 'body.1.time', /future/);
    await refused({ equity: 900 }, 'body.1.equity', /needs the balance/);

    const tooMany = await push({
      robot_name: robot.name,
      trades: Array.from({ length: 501 }, (_, index) => ({ ...trade, ticket: index })),
    });
    expect(tooMany.statusCode).toBe(400);
    const tooManyAcross = await push(
      [0, 1].map((part) => ({
        robot_name: robot.name,
        trades: Array.from({ length: 260 }, (_, index) => ({ ...trade, ticket: part * 1000 + index })),
      })),
    );
    expect(tooManyAcross.statusCode).toBe(400);
    expect(tooManyAcross.json().error.fields.body).toMatch(/at most 500 trades per push/);

    // Nothing of the refused pushes was kept, not even their valid first record.
    const view = await adminView(robot.id);
    expect(view.figures.readings).toBe(0);
    expect(view.trades_total).toBe(0);
  });

  it('shows the track record of active robots only', async () => {
    const robot = await shop.newRobot({ name: 'Hidden Robot', status: 'inactive' });
    expect((await shop.anonymous.get(`/api/robots/${robot.id}/track-record`)).statusCode).toBe(404);
    expect((await shop.anonymous.get('/api/robots/not-a-robot/track-record')).statusCode).toBe(404);
    // A robot without data has an empty record.
    const bare = await shop.newRobot({ name: 'No Data Yet' });
    const record = await trackRecord(bare.id);
    expect(record).toMatchObject({ months: [], years: [], curve: [], cash_flows: [] });
    expect(record.figures).toMatchObject({ growth: null, trades: 0, readings: 0, started_at: null });
  });

  it('sorts the catalogue by growth, drawdown and the age of the record', async () => {
    const older = await shop.newRobot({ name: 'Sort Older' });
    const newer = await shop.newRobot({ name: 'Sort Newer' });
    await pushInOrder(older.name);
    // Newer: +5 % and no drawdown, started later.
    await push([
      { robot_name: newer.name, time: '2026-03-01T00:00:00Z', balance: 1000 },
      { robot_name: newer.name, time: '2026-03-02T00:00:00Z', balance: 1050 },
    ]);
    const order = async (sort: string) =>
      (await shop.anonymous.get(`/api/robots?sort=${sort}`))
        .json<Robot[]>()
        .map((robot) => robot.id)
        .filter((id) => id === older.id || id === newer.id);
    expect(await order('-track_growth')).toEqual([newer.id, older.id]);
    expect(await order('track_max_drawdown')).toEqual([newer.id, older.id]);
    expect(await order('track_started_at')).toEqual([older.id, newer.id]);
  });
});

describe.each(testDialects)('a robot linked to a record verified elsewhere on %s', (dialect) => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await withShop(dialect);
  });
  afterAll(() => shop.close());

  it('accepts only https addresses of a Myfxbook account or an MQL5 signal, stored normalised', async () => {
    const robot = await shop.newRobot();
    const patch = (address: string | null) =>
      shop.admin.patch(`/api/admin/robots/${robot.id}`, { verified_record_url: address });
    for (const address of [
      'http://www.myfxbook.com/members/trader/system/123',
      'https://www.myfxbook.com.evil.example/members/trader/system/123',
      'https://myfxbook.com@evil.example/members/x/y/1',
      'https://evil.example/?https://www.mql5.com/en/signals/1',
      'https://www.mql5.com:8443/en/signals/123',
      'https://www.mql5.com/en/market/product/123',
      'https://www.myfxbook.com/',
      'https://user:pass@www.mql5.com/en/signals/1',
      'javascript:alert(1)//www.mql5.com/en/signals/1',
      'https://www.mql5.com/en/signals/12 3',
    ]) {
      const response = await patch(address);
      expect(response.statusCode, address).toBe(400);
      expect(response.json().error.fields['body.verified_record_url'], address).toMatch(/Myfxbook|MQL5/);
    }
    const mql5 = await patch('https://WWW.MQL5.com/en/signals/1234567');
    expect(mql5.statusCode).toBe(200);
    expect(mql5.json().verified_record_url).toBe('https://www.mql5.com/en/signals/1234567');
    const myfxbook = await patch('https://www.myfxbook.com/members/trader/system-name/7654321');
    expect(myfxbook.json().verified_record_url).toBe('https://www.myfxbook.com/members/trader/system-name/7654321');
    const listed = (await shop.anonymous.get(`/api/robots/${robot.id}`)).json<Robot>();
    expect(listed.verified_record_url).toBe('https://www.myfxbook.com/members/trader/system-name/7654321');
    expect((await patch('')).json().verified_record_url).toBeNull();
  });
});
