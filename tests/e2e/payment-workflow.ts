// The payment workflow in the browser journeys: the shop's automation settings point at a fake
// workflow (tests/support/fake-workflow.ts), and its reports reach the payment hook signed as a
// real workflow signs them (docs/automation-api.md).
import type { Page } from '@playwright/test';
import { signTimestampedBody } from '../../src/server/integrations/automation-auth.js';
import { E2E_PUBLIC_URL } from '../support/e2e-shop.js';
import { expect } from './fixtures.js';

/** Points the shop at the workflow at `url` with `secret` (empty strings disconnect it). */
export async function connectPaymentWorkflow(admin: Page, url: string, secret: string): Promise<void> {
  const saved = await admin.request.patch('/api/admin/settings', {
    data: { values: { n8n_webhook_url: url, n8n_secret_token: secret } },
    headers: { origin: E2E_PUBLIC_URL },
  });
  expect(saved.status()).toBe(200);
}

/** The workflow's report of a payment, signed with a timestamp; answers the hook's reply. */
export async function reportPayment(secret: string, report: Record<string, unknown>): Promise<{ status: string }> {
  const raw = JSON.stringify(report);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const response = await fetch(`${E2E_PUBLIC_URL}/api/hooks/payment`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-timestamp': timestamp,
      'x-signature': signTimestampedBody(secret, timestamp, raw),
    },
    body: raw,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { status: string };
}
