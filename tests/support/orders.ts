import type { FastifyInstance } from 'fastify';
import { signBody, signTimestampedBody } from '../../src/server/integrations/automation-auth.js';
import { SAME_ORIGIN } from './sessions.js';

export const WORKFLOW_SECRET = 'payment-workflow-secret-0123456789abcdef';
export const STRATEGY = 'Scalp EURUSD during London hours, at most 2% risk per trade, no martingale.';

/** Also in factories.ts, with the kit's other factories. */
export { setSetting } from './settings.js';

/** A robot of the demo seed. Tests written with the kit make their own (factories.ts newRobot). */
export async function activeRobot(app: FastifyInstance): Promise<{ id: string; name: string; price: number }> {
  return app.database.db
    .selectFrom('robots')
    .select(['id', 'name', 'price'])
    .where('status', '=', 'active')
    .orderBy('name')
    .executeTakeFirstOrThrow();
}

export function orderBody(robotId: string, overrides: Record<string, unknown> = {}) {
  return {
    robot_id: robotId,
    telegram_username: '@trader',
    strategy_instructions: STRATEGY,
    terms_accepted: true,
    ...overrides,
  };
}

export async function createOrder(
  app: FastifyInstance,
  cookie: string,
  robotId: string,
  headers: Record<string, string> = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...SAME_ORIGIN, cookie, ...headers },
    payload: orderBody(robotId),
  });
  if (response.statusCode !== 201) throw new Error(`order creation failed: ${response.statusCode} ${response.body}`);
  return response.json<{ id: string; status: string }>();
}

export type CallbackSigning = 'secret' | 'signature' | 'timestamped' | 'none';

/** A payment callback as the workflow sends it, signed one of the accepted ways. */
export function paymentCallback(
  app: FastifyInstance,
  body: unknown,
  signing: CallbackSigning = 'secret',
  secret = WORKFLOW_SECRET,
  timestamp = Math.floor(Date.now() / 1000),
) {
  const raw = JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signing === 'secret') headers['x-secret-token'] = secret;
  if (signing === 'signature') headers['x-signature'] = signBody(secret, raw);
  if (signing === 'timestamped') {
    headers['x-timestamp'] = String(timestamp);
    headers['x-signature'] = signTimestampedBody(secret, String(timestamp), raw);
  }
  return app.inject({ method: 'POST', url: '/api/hooks/payment', headers, payload: raw });
}

/** A multipart/form-data body with one file field, as a browser sends it. */
export function multipartFile(
  fileName: string,
  content: Buffer,
  field = 'file',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----tradebot${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function uploadRobotFile(
  app: FastifyInstance,
  adminCookie: string,
  orderId: string,
  fileName: string,
  content: Buffer,
) {
  const { payload, headers } = multipartFile(fileName, content);
  return app.inject({
    method: 'PUT',
    url: `/api/admin/orders/${orderId}/file`,
    headers: { ...SAME_ORIGIN, cookie: adminCookie, ...headers },
    payload,
  });
}
