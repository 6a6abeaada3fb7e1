import { UpstreamError } from '../errors.js';
import { SECRET_TOKEN_HEADER, SIGNATURE_HEADER, signBody } from './automation-auth.js';

export interface WebhookReply {
  status: number;
  ok: boolean;
  /** The parsed JSON body, or undefined when the body was empty or not JSON. */
  json: unknown;
  text: string;
}

export interface WebhookOptions {
  /** The shop's automation secret: sent as X-Secret-Token, and as an HMAC of the body in X-Signature. */
  secret?: string;
  timeoutMs: number;
  /** Cancels the call early, e.g. when the server stops. */
  signal?: AbortSignal;
  /** A larger answer is refused: a workflow must not be able to fill the server's memory. */
  maxBytes?: number;
}

const DEFAULT_MAX_BYTES = 1024 * 1024;

/**
 * POSTs JSON to an automation workflow from the server (never from the browser, which would
 * expose the secret). A workflow that cannot be reached, answers too much, or does not answer
 * within the timeout becomes an UpstreamError (502/504); an HTTP error answer is returned for the
 * caller to judge.
 */
export async function postToWebhook(url: string, payload: unknown, options: WebhookOptions): Promise<WebhookReply> {
  const body = JSON.stringify(payload);
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (options.secret) {
    headers[SECRET_TOKEN_HEADER] = options.secret;
    headers[SIGNATURE_HEADER] = signBody(options.secret, body);
  }
  const timeout = AbortSignal.timeout(options.timeoutMs);
  let text: string;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers,
      body,
      redirect: 'error',
      signal: options.signal ? AbortSignal.any([timeout, options.signal]) : timeout,
    });
    text = await readText(response, options.maxBytes ?? DEFAULT_MAX_BYTES);
  } catch (error) {
    if (timeout.aborted) throw new UpstreamError('The workflow did not answer in time.', true);
    throw new UpstreamError(`The workflow could not be reached: ${error instanceof Error ? error.message : String(error)}`);
  }
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, ok: response.ok, json, text };
}

async function readText(response: Response, maxBytes: number): Promise<string> {
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel();
    throw new Error(`answer larger than ${maxBytes} bytes`);
  }
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    // Leaving the loop cancels the stream.
    if (size > maxBytes) throw new Error(`answer larger than ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
