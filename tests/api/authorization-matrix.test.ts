import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Requester } from '../support/requests.js';
import { withShop, type Shop } from '../support/shop.js';
import { TEST_ADMIN, testDialects } from '../support/test-app.js';

type Caller = 'anonymous' | 'clientA' | 'clientB' | 'admin';
type Expected = Record<Caller, number>;

interface Fixtures {
  robotId: string;
  robotSlug: string;
  /** An order of client A. */
  orderId: string;
  clientA: { id: string };
  clientB: { id: string };
}

interface Case {
  request: (fixtures: Fixtures) => { url: string; payload?: unknown };
  expected: Expected;
}

const everyone = (status: number): Expected => ({ anonymous: status, clientA: status, clientB: status, admin: status });
const signedIn: Expected = { anonymous: 401, clientA: 200, clientB: 200, admin: 200 };
const adminOnly: Expected = { anonymous: 401, clientA: 403, clientB: 403, admin: 200 };
/** Client A's own order: another client, and even an administrator on the client routes, learn nothing. */
const ownerOnly = (status: number): Expected => ({ anonymous: 401, clientA: status, clientB: 404, admin: 404 });
const orderBody = (f: Fixtures) => ({
  robot_id: f.robotId,
  telegram_username: '@matrix',
  strategy_instructions: 'A strategy description long enough to pass the fifty characters rule.',
  terms_accepted: true,
});
const adminAnswers = (status: number): Expected => ({ ...adminOnly, admin: status });
const licenceCheck = (f: Fixtures) => ({
  license_key: 'TB-00000-00000-00000-00000-00000',
  robot_id: f.robotId,
  account_login: '1001',
  account_server: 'Broker-Live',
  account_mode: 'real',
  platform: 'MT5',
  nonce: 'matrix-nonce-0123456789',
});

/**
 * Every API route, keyed "METHOD url" as registered, with the status each kind of caller must
 * get (a key may end in " (variant)" for a second request to the same route). A route missing
 * from this table fails the test: adding a route means deciding here who
 * may call it.
 */
const matrix: Record<string, Case> = {
  'GET /api/health': { request: () => ({ url: '/api/health' }), expected: everyone(200) },
  'GET /api/health/live': { request: () => ({ url: '/api/health/live' }), expected: everyone(200) },
  'GET /api/health/ready': { request: () => ({ url: '/api/health/ready' }), expected: everyone(200) },
  // Only the METRICS_TOKEN opens it; no session does, not even an administrator's.
  'GET /api/metrics': { request: () => ({ url: '/api/metrics' }), expected: everyone(401) },
  'GET /api/openapi.json': { request: () => ({ url: '/api/openapi.json' }), expected: everyone(200) },
  'GET /api/settings/public': { request: () => ({ url: '/api/settings/public' }), expected: everyone(200) },
  'GET /api/categories': { request: () => ({ url: '/api/categories' }), expected: everyone(200) },
  'GET /api/robots': { request: () => ({ url: '/api/robots' }), expected: everyone(200) },
  'GET /api/robots/:id': { request: (f) => ({ url: `/api/robots/${f.robotId}` }), expected: everyone(200) },
  'GET /api/robots/by-slug/:slug': {
    request: (f) => ({ url: `/api/robots/by-slug/${f.robotSlug}` }),
    expected: everyone(200),
  },
  'GET /api/robots/:id/history': {
    request: (f) => ({ url: `/api/robots/${f.robotId}/history` }),
    expected: everyone(200),
  },
  'GET /api/robots/:id/track-record': {
    request: (f) => ({ url: `/api/robots/${f.robotId}/track-record` }),
    expected: everyone(200),
  },
  'GET /api/banners': { request: () => ({ url: '/api/banners' }), expected: everyone(200) },
  'GET /api/faqs': { request: () => ({ url: '/api/faqs' }), expected: everyone(200) },
  'GET /api/pages/:slug': { request: () => ({ url: '/api/pages/copy_trade' }), expected: everyone(200) },
  'GET /api/me': { request: () => ({ url: '/api/me' }), expected: signedIn },
  'GET /api/session': { request: () => ({ url: '/api/session' }), expected: everyone(200) },
  'GET /api/account/sessions': { request: () => ({ url: '/api/account/sessions' }), expected: signedIn },
  'DELETE /api/account/sessions/:id': {
    request: () => ({ url: '/api/account/sessions/not-a-session' }),
    expected: { anonymous: 401, clientA: 404, clientB: 404, admin: 404 },
  },
  'POST /api/account/sessions/revoke-others': {
    request: () => ({ url: '/api/account/sessions/revoke-others' }),
    expected: { anonymous: 401, clientA: 204, clientB: 204, admin: 204 },
  },
  'POST /api/account/delete': {
    request: () => ({ url: '/api/account/delete', payload: { password: 'not-the-password' } }),
    expected: { anonymous: 401, clientA: 400, clientB: 400, admin: 400 },
  },
  'GET /api/auth/providers': { request: () => ({ url: '/api/auth/providers' }), expected: everyone(200) },
  'GET /api/auth/*': { request: () => ({ url: '/api/auth/get-session' }), expected: everyone(200) },
  'POST /api/auth/*': {
    request: () => ({ url: '/api/auth/update-user', payload: { name: 'Same Name' } }),
    expected: signedIn,
  },
  'POST /api/auth/* (sign-in/email)': {
    request: () => ({
      url: '/api/auth/sign-in/email',
      payload: { email: 'nobody@example.com', password: 'wrong-password' },
    }),
    expected: everyone(401),
  },
  'POST /api/auth/* (sign-up/email)': {
    request: () => ({
      url: '/api/auth/sign-up/email',
      payload: { email: TEST_ADMIN.email, password: 'whatever1', name: 'Again' },
    }),
    expected: everyone(422),
  },
  'POST /api/auth/* (request-password-reset)': {
    request: () => ({
      url: '/api/auth/request-password-reset',
      payload: { email: 'nobody@example.com', redirectTo: '/ResetPassword' },
    }),
    expected: everyone(200),
  },
  'POST /api/auth/* (reset-password)': {
    request: () => ({
      url: '/api/auth/reset-password',
      payload: { newPassword: 'new-password-1', token: 'not-a-token' },
    }),
    expected: everyone(400),
  },
  'POST /api/auth/* (send-verification-email)': {
    request: () => ({ url: '/api/auth/send-verification-email', payload: { email: 'nobody@example.com' } }),
    // Anonymous callers get the same answer whether or not the address exists; a signed-in user
    // may only ask for their own address.
    expected: { anonymous: 200, clientA: 400, clientB: 400, admin: 400 },
  },
  'POST /api/newsletter/subscribe': {
    request: () => ({ url: '/api/newsletter/subscribe', payload: { email: 'not-an-email' } }),
    expected: everyone(400),
  },
  // Disabled in a new shop: refused to everyone alike, signed in or not.
  'POST /api/chat': { request: () => ({ url: '/api/chat', payload: { message: 'Hello' } }), expected: everyone(403) },
  'PATCH /api/admin/users/:id (invalid body)': {
    request: (f) => ({ url: `/api/admin/users/${f.clientB.id}`, payload: { role: 'root' } }),
    expected: { anonymous: 401, clientA: 403, clientB: 403, admin: 400 },
  },
  // Workflows prove they hold the shared secret; a session, even an administrator's, is no proof.
  'POST /api/hooks/stats': {
    request: () => ({ url: '/api/hooks/stats', payload: { robot_name: 'Alpha', winrate: 60 } }),
    expected: everyone(401),
  },
  'POST /api/hooks/stats (invalid body)': {
    request: () => ({ url: '/api/hooks/stats', payload: { winrate: true } }),
    expected: everyone(401),
  },
  'GET /api/admin/settings': { request: () => ({ url: '/api/admin/settings' }), expected: adminOnly },
  'PATCH /api/admin/settings': {
    request: () => ({ url: '/api/admin/settings', payload: { values: { hero_title: { en: 'Same', fr: 'Pareil' } } } }),
    expected: adminOnly,
  },
  'GET /api/admin/users': { request: () => ({ url: '/api/admin/users' }), expected: adminOnly },
  'POST /api/orders': {
    request: (f) => ({ url: '/api/orders', payload: orderBody(f) }),
    expected: { anonymous: 401, clientA: 201, clientB: 201, admin: 201 },
  },
  'GET /api/orders': { request: () => ({ url: '/api/orders' }), expected: signedIn },
  // Any signed-in caller may start a trial (decision 0020); this robot offers none, which they learn.
  'POST /api/orders/trials': {
    request: (f) => ({ url: '/api/orders/trials', payload: { robot_id: f.robotId, terms_accepted: true } }),
    expected: { anonymous: 401, clientA: 409, clientB: 409, admin: 409 },
  },
  'GET /api/orders/:id': { request: (f) => ({ url: `/api/orders/${f.orderId}` }), expected: ownerOnly(200) },
  'GET /api/orders/:id/detail': {
    request: (f) => ({ url: `/api/orders/${f.orderId}/detail` }),
    expected: ownerOnly(200),
  },
  // No payment workflow is configured in this shop: the owner learns it, nobody else does.
  'POST /api/orders/:id/payment': {
    request: (f) => ({ url: `/api/orders/${f.orderId}/payment` }),
    expected: ownerOnly(503),
  },
  'POST /api/orders/:id/download': {
    request: (f) => ({ url: `/api/orders/${f.orderId}/download` }),
    expected: ownerOnly(409),
  },
  'POST /api/orders/:id/versions/:versionId/download': {
    request: (f) => ({ url: `/api/orders/${f.orderId}/versions/no-such-version/download` }),
    expected: ownerOnly(404),
  },
  // Cancelling the shared order would change what the other routes answer: an order nobody has
  // (the owner cancels theirs in unpaid-orders.routes.test.ts, where others get 404).
  'POST /api/orders/:id/cancel': {
    request: () => ({ url: '/api/orders/no-such-order/cancel' }),
    expected: { anonymous: 401, clientA: 404, clientB: 404, admin: 404 },
  },
  'GET /api/orders/:id/events': {
    request: () => ({ url: '/api/orders/no-such-order/events' }),
    expected: { anonymous: 401, clientA: 404, clientB: 404, admin: 404 },
  },
  // The order's robot requires no licence: its owner hears `no_licence`, others `not_found`
  // (client-licences.routes.test.ts covers a licensed order).
  'GET /api/orders/licences': { request: () => ({ url: '/api/orders/licences' }), expected: signedIn },
  'GET /api/orders/:id/licence': {
    request: (f) => ({ url: `/api/orders/${f.orderId}/licence` }),
    expected: ownerOnly(404),
  },
  'POST /api/orders/:id/licence/activations/:activationId/free': {
    request: (f) => ({ url: `/api/orders/${f.orderId}/licence/activations/no-such-activation/free` }),
    expected: ownerOnly(404),
  },
  // The signed link is the only credential: a session changes nothing.
  'GET /api/downloads/:token': {
    request: (f) => ({ url: `/api/downloads/${f.orderId}.zzzzzz.AAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA` }),
    expected: everyone(403),
  },
  'HEAD /api/downloads/:token': {
    request: (f) => ({ url: `/api/downloads/${f.orderId}.zzzzzz.AAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA` }),
    expected: everyone(403),
  },
  'POST /api/hooks/payment': {
    request: (f) => ({ url: '/api/hooks/payment', payload: { order_id: f.orderId, status: 'paid' } }),
    expected: everyone(401),
  },
  'GET /api/admin/dashboard': { request: () => ({ url: '/api/admin/dashboard' }), expected: adminOnly },
  'GET /api/admin/orders': {
    request: () => ({ url: '/api/admin/orders?status=paid&q=x&page=1' }),
    expected: adminOnly,
  },
  'GET /api/admin/orders/export': { request: () => ({ url: '/api/admin/orders/export' }), expected: adminOnly },
  'GET /api/admin/orders/:id': { request: (f) => ({ url: `/api/admin/orders/${f.orderId}` }), expected: adminOnly },
  'PATCH /api/admin/orders/:id': {
    request: (f) => ({ url: `/api/admin/orders/${f.orderId}`, payload: { status: 'pending_payment' } }),
    expected: adminOnly,
  },
  // Decision 0014: a pending order is not under review, so the administrator's try is refused (409).
  'POST /api/admin/orders/:id/mark-paid': {
    request: (f) => ({ url: `/api/admin/orders/${f.orderId}/mark-paid`, payload: { note: 'Checked by hand.' } }),
    expected: adminAnswers(409),
  },
  'POST /api/admin/orders/:id/refund': {
    request: (f) => ({ url: `/api/admin/orders/${f.orderId}/refund`, payload: {} }),
    expected: adminAnswers(409),
  },
  'POST /api/admin/orders/:id/cancel': {
    request: (f) => ({ url: `/api/admin/orders/${f.orderId}/cancel`, payload: {} }),
    expected: adminAnswers(409),
  },
  // Decision 0018: downloads are given back to the current version; a pending order has none (409).
  'POST /api/admin/orders/:id/download-grants': {
    request: (f) => ({ url: `/api/admin/orders/${f.orderId}/download-grants`, payload: { extra: 1 } }),
    expected: adminAnswers(409),
  },
  // A JSON body is not an upload: refused before anything is stored.
  'PUT /api/admin/orders/:id/file': {
    request: (f) => ({ url: `/api/admin/orders/${f.orderId}/file`, payload: { file: 'x' } }),
    expected: { anonymous: 401, clientA: 403, clientB: 403, admin: 415 },
  },
  'DELETE /api/admin/orders/:id': {
    request: () => ({ url: '/api/admin/orders/no-such-order' }),
    expected: { anonymous: 401, clientA: 403, clientB: 403, admin: 404 },
  },
  'PATCH /api/admin/users/:id': {
    request: (f) => ({ url: `/api/admin/users/${f.clientB.id}`, payload: { role: 'client' } }),
    expected: adminOnly,
  },
  // The back office (issue 10). Administrators get a 4xx where the request is built to change
  // nothing (an empty body, an unknown id): what matters is that nobody else gets past the door.
  'POST /api/admin/settings/test-webhook': {
    request: () => ({ url: '/api/admin/settings/test-webhook', payload: { key: 'n8n_callback_url' } }),
    expected: adminAnswers(400),
  },
  'GET /api/admin/audit': { request: () => ({ url: '/api/admin/audit' }), expected: adminOnly },
  'GET /api/admin/audit/export': { request: () => ({ url: '/api/admin/audit/export' }), expected: adminOnly },
  'PUT /api/admin/pages/:slug': {
    request: () => ({ url: '/api/admin/pages/copy_trade', payload: { title: '' } }),
    expected: adminAnswers(400),
  },
  'POST /api/admin/uploads/image': {
    request: () => ({ url: '/api/admin/uploads/image', payload: { file: 'not multipart' } }),
    expected: adminAnswers(415),
  },
  'GET /api/admin/categories': { request: () => ({ url: '/api/admin/categories' }), expected: adminOnly },
  'POST /api/admin/categories': {
    request: () => ({ url: '/api/admin/categories', payload: {} }),
    expected: adminAnswers(400),
  },
  'PATCH /api/admin/categories/:id': {
    request: () => ({ url: '/api/admin/categories/no-such-id', payload: {} }),
    expected: adminAnswers(404),
  },
  'DELETE /api/admin/categories/:id': {
    request: () => ({ url: '/api/admin/categories/no-such-id' }),
    expected: adminAnswers(404),
  },
  'GET /api/admin/robots': { request: () => ({ url: '/api/admin/robots' }), expected: adminOnly },
  'POST /api/admin/robots': { request: () => ({ url: '/api/admin/robots', payload: {} }), expected: adminAnswers(400) },
  'PATCH /api/admin/robots/:id': {
    request: () => ({ url: '/api/admin/robots/no-such-id', payload: {} }),
    expected: adminAnswers(404),
  },
  'DELETE /api/admin/robots/:id': {
    request: () => ({ url: '/api/admin/robots/no-such-id' }),
    expected: adminAnswers(404),
  },
  'GET /api/admin/robots/:id/track-record': {
    request: (f) => ({ url: `/api/admin/robots/${f.robotId}/track-record` }),
    expected: adminOnly,
  },
  'DELETE /api/admin/robots/:id/track-record/cash-flows/:itemId': {
    request: (f) => ({ url: `/api/admin/robots/${f.robotId}/track-record/cash-flows/no-such-id` }),
    expected: adminAnswers(404),
  },
  'DELETE /api/admin/robots/:id/track-record/trades/:itemId': {
    request: (f) => ({ url: `/api/admin/robots/${f.robotId}/track-record/trades/no-such-id` }),
    expected: adminAnswers(404),
  },
  'GET /api/admin/banners': { request: () => ({ url: '/api/admin/banners' }), expected: adminOnly },
  'POST /api/admin/banners': {
    request: () => ({ url: '/api/admin/banners', payload: {} }),
    expected: adminAnswers(400),
  },
  'PATCH /api/admin/banners/:id': {
    request: () => ({ url: '/api/admin/banners/no-such-id', payload: {} }),
    expected: adminAnswers(404),
  },
  'DELETE /api/admin/banners/:id': {
    request: () => ({ url: '/api/admin/banners/no-such-id' }),
    expected: adminAnswers(404),
  },
  'POST /api/admin/banners/:id/move': {
    request: () => ({ url: '/api/admin/banners/no-such-id/move', payload: { direction: 'up' } }),
    expected: adminAnswers(404),
  },
  'GET /api/admin/faqs': { request: () => ({ url: '/api/admin/faqs' }), expected: adminOnly },
  'POST /api/admin/faqs': { request: () => ({ url: '/api/admin/faqs', payload: {} }), expected: adminAnswers(400) },
  'PATCH /api/admin/faqs/:id': {
    request: () => ({ url: '/api/admin/faqs/no-such-id', payload: {} }),
    expected: adminAnswers(404),
  },
  'DELETE /api/admin/faqs/:id': { request: () => ({ url: '/api/admin/faqs/no-such-id' }), expected: adminAnswers(404) },
  'POST /api/admin/faqs/:id/move': {
    request: () => ({ url: '/api/admin/faqs/no-such-id/move', payload: { direction: 'up' } }),
    expected: adminAnswers(404),
  },
  'GET /api/admin/newsletter/subscribers': {
    request: () => ({ url: '/api/admin/newsletter/subscribers?q=&page=1' }),
    expected: adminOnly,
  },
  'DELETE /api/admin/newsletter/subscribers': {
    request: () => ({ url: '/api/admin/newsletter/subscribers', payload: { ids: ['no-such-subscriber'] } }),
    expected: adminOnly,
  },
  'GET /api/admin/newsletter/subscribers.csv': {
    request: () => ({ url: '/api/admin/newsletter/subscribers.csv' }),
    expected: adminOnly,
  },
  'GET /api/admin/newsletter/templates': {
    request: () => ({ url: '/api/admin/newsletter/templates' }),
    expected: adminOnly,
  },
  'POST /api/admin/newsletter/templates': {
    request: () => ({ url: '/api/admin/newsletter/templates', payload: { title: '', content: '' } }),
    expected: { anonymous: 401, clientA: 403, clientB: 403, admin: 400 },
  },
  'DELETE /api/admin/newsletter/templates/:id': {
    request: () => ({ url: '/api/admin/newsletter/templates/no-such-template' }),
    expected: { anonymous: 401, clientA: 403, clientB: 403, admin: 404 },
  },
  'POST /api/admin/newsletter/send': {
    request: () => ({
      url: '/api/admin/newsletter/send',
      payload: { title: 'T', content: '<p>c</p>', recipients: [] },
    }),
    expected: { anonymous: 401, clientA: 403, clientB: 403, admin: 400 },
  },
  'GET /api/admin/newsletter/campaigns': {
    request: () => ({ url: '/api/admin/newsletter/campaigns' }),
    expected: adminOnly,
  },
  // Licences (issue 18). A robot's key is its only credential: a session changes nothing.
  'POST /api/licenses/activate': {
    request: (f) => ({ url: '/api/licenses/activate', payload: licenceCheck(f) }),
    expected: everyone(404),
  },
  'POST /api/licenses/validate': {
    request: (f) => ({ url: '/api/licenses/validate', payload: licenceCheck(f) }),
    expected: everyone(404),
  },
  'GET /api/licenses/keys': { request: () => ({ url: '/api/licenses/keys' }), expected: everyone(200) },
  'GET /api/admin/robots/:id/licence': {
    request: (f) => ({ url: `/api/admin/robots/${f.robotId}/licence` }),
    expected: adminOnly,
  },
  // The demo robot requires no licence: there is no secret to rotate.
  'POST /api/admin/robots/:id/licence/rotate-secret': {
    request: (f) => ({ url: `/api/admin/robots/${f.robotId}/licence/rotate-secret` }),
    expected: adminAnswers(409),
  },
  // Robot releases (issue 18 §1, decision 0018).
  'GET /api/admin/robots/:id/releases': {
    request: (f) => ({ url: `/api/admin/robots/${f.robotId}/releases` }),
    expected: adminOnly,
  },
  // A JSON body is not an upload: refused before anything is stored.
  'POST /api/admin/robots/:id/releases': {
    request: (f) => ({ url: `/api/admin/robots/${f.robotId}/releases`, payload: { version: '1.0.0' } }),
    expected: adminAnswers(415),
  },
  'DELETE /api/admin/robots/:id/releases/:releaseId': {
    request: (f) => ({ url: `/api/admin/robots/${f.robotId}/releases/no-such-release` }),
    expected: adminAnswers(404),
  },
  'POST /api/admin/licences/signing-keys/rotate': {
    request: () => ({ url: '/api/admin/licences/signing-keys/rotate' }),
    expected: adminOnly,
  },
  // The owner's Licences page: the demo shop has no licence, so one named by id is not found.
  'GET /api/admin/licences': { request: () => ({ url: '/api/admin/licences' }), expected: adminOnly },
  'GET /api/admin/licences/:id': {
    request: () => ({ url: '/api/admin/licences/no-such-licence' }),
    expected: adminAnswers(404),
  },
  'POST /api/admin/licences/:id/revoke': {
    request: () => ({ url: '/api/admin/licences/no-such-licence/revoke', payload: {} }),
    expected: adminAnswers(404),
  },
  'POST /api/admin/licences/:id/reinstate': {
    request: () => ({ url: '/api/admin/licences/no-such-licence/reinstate' }),
    expected: adminAnswers(404),
  },
  'POST /api/admin/licences/:id/extend': {
    request: () => ({ url: '/api/admin/licences/no-such-licence/extend', payload: { days: 30 } }),
    expected: adminAnswers(404),
  },
  'POST /api/admin/licences/:id/reset-slots': {
    request: () => ({ url: '/api/admin/licences/no-such-licence/reset-slots' }),
    expected: adminAnswers(404),
  },
};

describe.each(testDialects)('authorization of every API route on %s', (dialect) => {
  let shop: Shop;
  let fixtures: Fixtures;
  let callers: Record<Caller, Requester>;

  beforeAll(async () => {
    // With a metrics token, so that the metrics route exists and is checked too.
    shop = await withShop(dialect, { env: { METRICS_TOKEN: 'matrix-metrics-token' } });
    const clientA = shop.client;
    const clientB = await shop.newClient();
    callers = { anonymous: shop.anonymous, clientA, clientB, admin: shop.admin };
    const robot = await shop.newRobot();
    const order = await shop.newOrder({ client: clientA, robot });
    fixtures = { robotId: robot.id, robotSlug: robot.slug, orderId: order.id, clientA, clientB };
  });
  afterAll(() => shop.close());

  it('has an expectation for every registered route', () => {
    const registered = shop.app.apiRoutes.map((route) => `${route.method} ${route.url}`).sort();
    const covered = new Set(Object.keys(matrix).map((key) => key.replace(/ \(.*\)$/, '')));
    expect(registered).toEqual([...covered].sort());
  });

  it.each(Object.entries(matrix))('%s answers each caller as expected', async (route, testCase) => {
    const method = route.split(' ')[0] as 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
    const { url, payload } = testCase.request(fixtures);
    const actual: Partial<Expected> = {};
    for (const caller of ['anonymous', 'clientA', 'clientB', 'admin'] as const) {
      actual[caller] = (await callers[caller].request(method, url, payload as object | undefined)).statusCode;
    }
    expect(actual).toEqual(testCase.expected);
  });
});
