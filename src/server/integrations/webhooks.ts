import { lookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
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
 * Link-local addresses (169.254.0.0/16, fe80::/10) are refused for every outbound call: the
 * cloud metadata service lives there and hands out the machine's credentials. Loopback and
 * private networks stay allowed, since workflows (n8n) often run beside the shop.
 */
const refusedNetworks = new BlockList();
refusedNetworks.addSubnet('169.254.0.0', 16, 'ipv4');
refusedNetworks.addSubnet('fe80::', 10, 'ipv6');

/** Whether an IP address may not be called (IPv4-mapped IPv6 addresses are judged as IPv4). */
export function isRefusedAddress(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && refusedNetworks.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

class RefusedAddressError extends Error {
  constructor(address: string) {
    super(`${address} is a link-local address, which the shop never calls`);
  }
}

/**
 * DNS resolution that fails on a refused address. The check happens on the address the socket
 * then connects to, so a name that resolves differently the second time (DNS rebinding) gains
 * nothing.
 */
const checkedLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((entry) => isRefusedAddress(entry.address));
    if (refused) return callback(new RefusedAddressError(refused.address), '', 0);
    if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/**
 * POSTs JSON to an automation workflow from the server (never from the browser, which would
 * expose the secret). This is the shop's one client for outbound calls, and the automation gateway
 * (automation-gateway.ts) its one caller, so every call is checked against link-local addresses
 * and signed the same way. A workflow that cannot be
 * reached, sits on a refused address, answers too much, or does not answer within the timeout
 * becomes an UpstreamError (502/504); an HTTP error answer is returned for the caller to judge.
 * Redirects are not followed.
 */
export async function postToWebhook(url: string, payload: unknown, options: WebhookOptions): Promise<WebhookReply> {
  const body = JSON.stringify(payload);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
    'content-length': String(Buffer.byteLength(body)),
  };
  if (options.secret) {
    headers[SECRET_TOKEN_HEADER] = options.secret;
    headers[SIGNATURE_HEADER] = signBody(options.secret, body);
  }
  const timeout = AbortSignal.timeout(options.timeoutMs);
  let status: number;
  let text: string;
  try {
    const target = new URL(url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:')
      throw new Error('only http and https addresses can be called');
    // An address written as an IP is connected to without a lookup: check it here.
    const literal = target.hostname.replace(/^\[(.*)\]$/, '$1');
    if (isRefusedAddress(literal)) throw new RefusedAddressError(literal);
    const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
    ({ status, text } = await send(target, headers, body, signal, options.maxBytes ?? DEFAULT_MAX_BYTES));
  } catch (error) {
    if (timeout.aborted) throw new UpstreamError('The workflow did not answer in time.', true);
    throw new UpstreamError(
      `The workflow could not be reached: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status, ok: status >= 200 && status < 300, json, text };
}

function send(
  target: URL,
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal,
  maxBytes: number,
): Promise<{ status: number; text: string }> {
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(target, { method: 'POST', headers, signal, lookup: checkedLookup }, (response) => {
      if (Number(response.headers['content-length'] ?? 0) > maxBytes) {
        response.destroy();
        return reject(new Error(`answer larger than ${maxBytes} bytes`));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.byteLength;
        if (size > maxBytes) {
          response.destroy();
          reject(new Error(`answer larger than ${maxBytes} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', reject);
      // Settles nothing after 'end'; catches a connection cut while the answer was arriving.
      response.on('close', () => reject(new Error('the connection closed before the answer was complete')));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
