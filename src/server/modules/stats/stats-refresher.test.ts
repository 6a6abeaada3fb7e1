import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeWorkflow, type FakeWorkflow, type WorkflowAnswer } from '../../../../tests/support/fake-workflow.js';
import { setSetting } from '../../../../tests/support/factories.js';
import { createTestApp, testDialects, type TestApp } from '../../../../tests/support/test-app.js';
import type { Robot } from '../../../shared/schemas/catalogue.js';
import type { StatsRecordInput } from '../../../shared/schemas/stats.js';
import { runExclusive } from '../../db/dialect.js';
import { signBody } from '../../integrations/automation-auth.js';
import { createAutomationGateway } from '../../integrations/automation-gateway.js';
import { createSettingsService } from '../settings/settings.service.js';
import { StatsRefresher, type StatsRefresherOptions } from './stats-refresher.js';
import { createStatsService, type StatsService } from './stats.service.js';

const SECRET = 'stats-workflow-secret-long-enough-to-use';

interface LogLine {
  level: number;
  msg: string;
}

describe.each(testDialects)('stats refresher on %s', (dialect) => {
  let shop: TestApp;
  let workflow: FakeWorkflow;
  let stats: StatsService;
  let alpha: Robot;
  let beta: Robot;
  let inactive: Robot;
  let activeNames: string[];
  // The refreshers' clock: tests move it forward instead of waiting out the minimum interval.
  let clock = Date.now();
  const logs: LogLine[] = [];
  const log = pino({ level: 'debug' }, { write: (line: string) => logs.push(JSON.parse(line) as LogLine) });
  const refreshers: StatsRefresher[] = [];

  const db = () => shop.app.database.db;
  const robot = async (id: string) => (await shop.app.inject({ url: `/api/robots/${id}` })).json<Robot>();
  const historyOf = (robotId: string) =>
    db().selectFrom('robot_stats_history').selectAll().where('robot_id', '=', robotId).orderBy('id').execute();
  const push = (...records: StatsRecordInput[]) => stats.push(records);
  const warnings = () => logs.filter((line) => line.level === 40).map((line) => line.msg);

  /** A refresher asking the stats workflow through a gateway of its own, which waits `workflowTimeoutMs` for it. */
  function newRefresher({
    workflowTimeoutMs = 500,
    ...options
  }: Partial<StatsRefresherOptions> & { workflowTimeoutMs?: number } = {}): StatsRefresher {
    const settings = createSettingsService(db(), dialect);
    const refresher = new StatsRefresher({
      stats,
      workflow: createAutomationGateway({
        readSettings: () => settings.getAll(),
        publicUrl: shop.config.publicUrl,
        timeoutsMs: { stats: workflowTimeoutMs },
      }),
      log,
      pauseMs: 0,
      now: () => clock,
      ...options,
    });
    refreshers.push(refresher);
    return refresher;
  }

  beforeAll(async () => {
    shop = await createTestApp(dialect, { STATS_REFRESH_SECONDS: '0' });
    workflow = await startFakeWorkflow('/stats');
    stats = createStatsService(db()).stats;
    const rows = await db().selectFrom('robots').select(['id', 'status']).orderBy('name').execute();
    const active = rows.filter((row) => row.status === 'active');
    alpha = await robot(active[0]!.id);
    beta = await robot(active[1]!.id);
    const inactiveId = rows.find((row) => row.status === 'inactive')!.id;
    inactive = (await db()
      .selectFrom('robots')
      .selectAll()
      .where('id', '=', inactiveId)
      .executeTakeFirstOrThrow()) as unknown as Robot;
    activeNames = (await db().selectFrom('robots').select('name').where('status', '=', 'active').execute())
      .map((row) => row.name)
      .sort();
  });
  afterAll(async () => {
    await Promise.all(refreshers.map((refresher) => refresher.stop()));
    await workflow?.close();
    await shop?.close();
  });

  beforeEach(async () => {
    clock += 60_000;
    logs.length = 0;
    workflow.requests.length = 0;
    workflow.answer = { status: 200, body: [] };
    await setSetting(shop.app, 'n8n_callback_url', '');
    await setSetting(shop.app, 'n8n_secret_token', '');
    await db().deleteFrom('robot_stats').execute();
  });
  afterEach(() => vi.useRealTimers());

  it('applies a stored record: non-zero figures replace the robot’s own, zero keeps them, profit is the floating P&L', async () => {
    const before = await robot(alpha.id);
    const historyBefore = await historyOf(alpha.id);
    const otherBefore = await robot(beta.id);
    await push({
      robot_name: alpha.name,
      winrate: '71.5',
      balance: 25000,
      profit: '-12.34',
      weekly: 0,
      monthly: 'abc',
      profit_factor: null,
    });

    expect(await newRefresher().refresh()).toEqual({ updated: 1, historyRows: 1 });

    const after = await robot(alpha.id);
    expect(after).toMatchObject({
      winrate: 71.5,
      balance: 25000,
      floating: -12.34,
      // Zero, non-numeric, null or absent: the robot keeps its own value.
      weekly: before.weekly,
      monthly: before.monthly,
      profit_factor: before.profit_factor,
      daily: before.daily,
      // The record's profit feeds floating only; the robot's profit is its own.
      profit: before.profit,
      last_stats_update: new Date(clock).toISOString(),
    });
    const history = await historyOf(alpha.id);
    expect(history).toHaveLength(historyBefore.length + 1);
    expect(history.at(-1)).toMatchObject({
      recorded_at: new Date(clock).toISOString(),
      winrate: 71.5,
      balance: 25000,
      floating: -12.34,
      profit: before.profit,
      weekly: before.weekly,
    });
    // A robot without a record is left alone, its update time included.
    expect(await robot(beta.id)).toEqual(otherBefore);
  });

  it('skips a refresh asked within 10 s of the last one, and runs again after', async () => {
    await push({ robot_name: alpha.name, winrate: 61 });
    const refresher = newRefresher();
    expect(await refresher.refresh()).toEqual({ updated: 1, historyRows: 1 });
    clock += 9_999;
    expect(await refresher.refresh()).toEqual({ skipped: 'recent' });
    clock += 1;
    expect(await refresher.refresh()).toEqual({ updated: 1, historyRows: 0 });
  });

  it('appends no history row when the figures did not change, but records the time of the update', async () => {
    await push({ robot_name: alpha.name, winrate: 62, balance: 30000 });
    const refresher = newRefresher();
    await refresher.refresh();
    const history = await historyOf(alpha.id);

    clock += 10_000;
    expect(await refresher.refresh()).toEqual({ updated: 1, historyRows: 0 });
    expect(await historyOf(alpha.id)).toEqual(history);
    expect((await robot(alpha.id)).last_stats_update).toBe(new Date(clock).toISOString());
  });

  it('skips a refresh while another is running', async () => {
    const refresher = newRefresher();
    const first = refresher.refresh();
    expect(await refresher.refresh()).toEqual({ skipped: 'running' });
    expect(await first).toEqual({ updated: 0, historyRows: 0 });
  });

  it('leaves inactive robots and names no robot has alone', async () => {
    await push({ robot_name: inactive.name, winrate: 99 }, { robot_name: 'No Such Robot', winrate: 99 });
    expect(await newRefresher().refresh()).toEqual({ updated: 0, historyRows: 0 });
    const after = await db()
      .selectFrom('robots')
      .select(['winrate', 'last_stats_update'])
      .where('id', '=', inactive.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ winrate: inactive.winrate, last_stats_update: inactive.last_stats_update });
  });

  it('asks the stats workflow first, with the active robots and the secret, and applies its answer', async () => {
    await setSetting(shop.app, 'n8n_secret_token', SECRET);
    await setSetting(shop.app, 'n8n_callback_url', workflow.url);
    await push({ robot_name: alpha.name, winrate: 50, balance: 1000 });
    workflow.answer = {
      status: 200,
      body: [
        { robot_name: alpha.name, winrate: '80.5' },
        { robot_name: beta.name, profit: 7.25 },
        { not: 'a stats record' },
      ],
    };

    expect(await newRefresher().refresh()).toEqual({ updated: 2, historyRows: 2 });

    expect(workflow.requests).toHaveLength(1);
    const [request] = workflow.requests;
    expect(request!.method).toBe('POST');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['x-secret-token']).toBe(SECRET);
    expect(request!.headers['x-signature']).toBe(signBody(SECRET, request!.rawBody));
    const body = request!.body as { action: string; robots: string[] };
    expect(body.action).toBe('get_stats');
    expect([...body.robots].sort()).toEqual(activeNames);

    // The answer is stored like a push (merged into the stored record) and applied.
    expect(await robot(alpha.id)).toMatchObject({ winrate: 80.5, balance: 1000 });
    expect((await robot(beta.id)).floating).toBe(7.25);
    expect(warnings()).toContain('stats workflow answer had records that are not stats records; they were ignored');
  });

  it('sends no secret header when no secret is configured', async () => {
    await setSetting(shop.app, 'n8n_callback_url', workflow.url);
    await newRefresher().refresh();
    expect(workflow.requests).toHaveLength(1);
    expect(workflow.requests[0]!.headers).not.toHaveProperty('x-secret-token');
    expect(workflow.requests[0]!.headers).not.toHaveProperty('x-signature');
  });

  it.each<[string, WorkflowAnswer, RegExp, number]>([
    ['an error status', { status: 500, body: { message: 'workflow crashed' } }, /answered with an error/, 66.1],
    [
      'something that is not JSON',
      { status: 200, body: '<html>Bad gateway</html>' },
      /did not answer with an array/,
      66.2,
    ],
    ['JSON that is not an array', { status: 200, body: { stats: [] } }, /did not answer with an array/, 66.3],
    ['nothing before the timeout', { status: 200, body: [], delayMs: 5_000 }, /did not answer in time/, 66.4],
  ])('applies the stored records when the workflow answers %s', async (_case, answer, warning, winrate) => {
    await setSetting(shop.app, 'n8n_callback_url', workflow.url);
    await push({ robot_name: alpha.name, winrate });
    workflow.answer = answer;

    expect(await newRefresher({ workflowTimeoutMs: 200 }).refresh()).toEqual({ updated: 1, historyRows: 1 });
    expect((await robot(alpha.id)).winrate).toBe(winrate);
    expect(warnings().some((message) => warning.test(message))).toBe(true);
  });

  it('applies the stored records when the workflow cannot be reached', async () => {
    await setSetting(shop.app, 'n8n_callback_url', 'http://127.0.0.1:1/stats');
    await push({ robot_name: alpha.name, winrate: 64.2 });
    expect(await newRefresher().refresh()).toEqual({ updated: 1, historyRows: 1 });
    expect((await robot(alpha.id)).winrate).toBe(64.2);
    expect(warnings()).toContain('stats workflow failed; applying the stored records');
  });

  it('runs every STATS_REFRESH_SECONDS, and never on its own when that is 0', async () => {
    await setSetting(shop.app, 'n8n_callback_url', workflow.url);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });

    const unscheduled = newRefresher();
    unscheduled.start(0);
    vi.advanceTimersByTime(24 * 3600 * 1000);
    await unscheduled.idle();
    expect(workflow.requests).toHaveLength(0);

    const scheduled = newRefresher();
    scheduled.start(60);
    vi.advanceTimersByTime(59_999);
    await scheduled.idle();
    expect(workflow.requests).toHaveLength(0);
    vi.advanceTimersByTime(1);
    await scheduled.idle();
    expect(workflow.requests).toHaveLength(1);
    await scheduled.stop();
  });

  it('stops: cuts short a refresh waiting for the workflow and refuses new ones', async () => {
    await setSetting(shop.app, 'n8n_callback_url', workflow.url);
    await push({ robot_name: alpha.name, winrate: 63 });
    workflow.answer = { status: 200, body: [], delayMs: 60_000 };
    const refresher = newRefresher({ workflowTimeoutMs: 60_000 });
    const running = refresher.refresh();
    await vi.waitFor(() => expect(workflow.requests).toHaveLength(1));

    await refresher.stop();
    expect(await running).toEqual({ updated: 0, historyRows: 0 });
    expect(await refresher.refresh()).toEqual({ skipped: 'stopped' });
  });

  // Only PostgreSQL can have several instances on one database; SQLite allows one per DATA_DIR.
  if (dialect === 'postgres') {
    it('lets one app instance refresh at a time', async () => {
      await setSetting(shop.app, 'n8n_callback_url', workflow.url);
      await push({ robot_name: alpha.name, winrate: 65 });
      workflow.answer = { status: 200, body: [], delayMs: 60_000 };
      const exclusive: StatsRefresherOptions['exclusive'] = (work) =>
        runExclusive(db(), dialect, 'stats-refresh', work);
      const first = newRefresher({ exclusive, workflowTimeoutMs: 60_000 });
      const second = newRefresher({ exclusive });

      const running = first.refresh();
      await vi.waitFor(() => expect(workflow.requests).toHaveLength(1));
      expect(await second.refresh()).toEqual({ skipped: 'locked' });

      await first.stop();
      await running;
      workflow.answer = { status: 200, body: [] };
      clock += 10_000;
      expect(await second.refresh()).toEqual({ updated: 1, historyRows: 1 });
    });
  }
});
