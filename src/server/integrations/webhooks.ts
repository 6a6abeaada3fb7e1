import { UpstreamError } from '../errors.js';

export interface WebhookReply {
  status: number;
  ok: boolean;
  /** The parsed JSON body, or undefined when the body was empty or not JSON. */
  json: unknown;
  text: string;
}

/**
 * POSTs JSON to an automation workflow from the server (never from the browser, which would
 * expose the secret). A workflow that cannot be reached, or does not answer within the timeout,
 * becomes an UpstreamError (502/504); an HTTP error answer is returned for the caller to judge.
 */
export async function postToWebhook(url: string, body: unknown, options: { secret?: string; timeoutMs: number }): Promise<WebhookReply> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (options.secret) headers['x-secret-token'] = options.secret;
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(options.timeoutMs), redirect: 'error' });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new UpstreamError(timedOut ? 'The workflow did not answer in time.' : 'The workflow could not be reached.', timedOut);
  }
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw new UpstreamError('The workflow answer could not be read.', false);
  }
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, ok: response.ok, json, text };
}
