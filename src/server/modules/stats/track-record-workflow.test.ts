import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWorkflow, type FakeWorkflow } from '../../../../tests/support/fake-workflow.js';
import { withShop, type Shop } from '../../../../tests/support/shop.js';
import { testDialects } from '../../../../tests/support/test-app.js';
import { handCashFlows, handFigures, handReadings, handTrades } from '../../../../tests/support/track-record-series.js';
import type { AdminTrackRecord, TrackRecord } from '../../../shared/schemas/track-record.js';

describe.each(testDialects)('the stats workflow’s reply carrying a track record on %s', (dialect) => {
  let shop: Shop;
  let workflow: FakeWorkflow;
  beforeAll(async () => {
    shop = await withShop(dialect, { env: { STATS_REFRESH_SECONDS: '0' } });
    workflow = await startFakeWorkflow('/stats');
    await shop.setSetting('n8n_callback_url', workflow.url);
  });
  afterAll(async () => {
    await shop.app.statsRefresher.stop();
    await workflow.close();
    await shop.close();
  });

  it('is taken like a push: readings, cash flows and trades, logged as the workflow’s', async () => {
    const robot = await shop.newRobot({ name: 'Workflow Reported' });
    workflow.answer = {
      status: 200,
      body: [
        ...handReadings.map(({ time, balance, equity }) => ({ robot_name: robot.name, time, balance, equity })),
        { robot_name: robot.name, cash_flows: handCashFlows, trades: handTrades },
        // Not a record: left out, the others kept.
        { robot_name: robot.name, trades: [{ ticket: 'x' }] },
      ],
    };
    const result = await shop.app.statsRefresher.refresh();
    expect(result).not.toHaveProperty('skipped');
    expect(workflow.requests).toHaveLength(1);

    const record = (await shop.anonymous.get(`/api/robots/${robot.id}/track-record`)).json<TrackRecord>();
    // The same hand-computed series as the push tests (tests/support/track-record-series.ts).
    expect(record.figures.growth).toBeCloseTo(handFigures.growth, 9);
    expect(record.figures.equity_drawdown).toBeCloseTo(handFigures.equity_drawdown, 9);
    expect(record.figures.trades).toBe(handFigures.trades);
    const view = (await shop.admin.get(`/api/admin/robots/${robot.id}/track-record`)).json<AdminTrackRecord>();
    expect(view.pushes).toEqual([
      expect.objectContaining({ source: 'workflow', readings: 6, cash_flows: 2, trades: 5 }),
    ]);
  });
});
