import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { UnauthorizedError } from '../errors.js';
import {
  signBody,
  signTimestampedBody,
  verifyAutomationCredentials,
  verifyTimestampedSignature,
} from './automation-auth.js';

const secret = 'workflow-secret-1';
const body = '{"robot_name":"Alpha","winrate":"62.5"}';

function refusal(run: () => void): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UnauthorizedError);
    return (error as Error).message;
  }
  throw new Error('the credentials were accepted');
}

describe('automation request authentication', () => {
  it('signs a body as sha256= and the hex HMAC-SHA256 keyed with the secret', () => {
    expect(signBody(secret, body)).toBe(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`);
  });

  it('accepts the secret in X-Secret-Token', () => {
    expect(() => verifyAutomationCredentials(secret, { token: secret })).not.toThrow();
  });

  it('accepts a signature of the raw body, whatever the case of its hex digits', () => {
    expect(() =>
      verifyAutomationCredentials(secret, { signature: signBody(secret, body), rawBody: body }),
    ).not.toThrow();
    expect(() =>
      verifyAutomationCredentials(secret, { signature: signBody(secret, body).toUpperCase(), rawBody: body }),
    ).not.toThrow();
  });

  it('accepts either proof when both are sent', () => {
    expect(() =>
      verifyAutomationCredentials(secret, { token: 'wrong', signature: signBody(secret, body), rawBody: body }),
    ).not.toThrow();
    expect(() =>
      verifyAutomationCredentials(secret, { token: secret, signature: 'sha256=00', rawBody: body }),
    ).not.toThrow();
  });

  it('refuses everything while no secret is configured, and says so', () => {
    expect(refusal(() => verifyAutomationCredentials(null, { token: '' }))).toMatch(
      /automation secret is not configured/,
    );
    expect(refusal(() => verifyAutomationCredentials(null, { signature: signBody('', body), rawBody: body }))).toMatch(
      /not configured/,
    );
  });

  it('refuses a request without credentials', () => {
    expect(refusal(() => verifyAutomationCredentials(secret, { rawBody: body }))).toMatch(/X-Secret-Token/);
  });

  it.each([
    ['a wrong token', { token: 'workflow-secret-2' }],
    ['a token that is a prefix of the secret', { token: 'workflow' }],
    ['an empty token', { token: '' }],
    ['a signature made with another secret', { signature: signBody('other-secret', body), rawBody: body }],
    ['a signature of another body', { signature: signBody(secret, `${body} `), rawBody: body }],
    [
      'a bare hex signature without the sha256= prefix',
      { signature: signBody(secret, body).slice('sha256='.length), rawBody: body },
    ],
    ['a signature when the raw body is unknown', { signature: signBody(secret, body) }],
  ])('refuses %s', (_name, credentials) => {
    expect(refusal(() => verifyAutomationCredentials(secret, credentials))).toBe('Invalid automation credentials.');
  });

  describe('during a rotation', () => {
    const previous = 'workflow-secret-0';

    it('accepts the previous secret as well as the current one, by token or signature', () => {
      expect(() => verifyAutomationCredentials(secret, { token: previous }, previous)).not.toThrow();
      expect(() =>
        verifyAutomationCredentials(secret, { signature: signBody(previous, body), rawBody: body }, previous),
      ).not.toThrow();
      expect(() => verifyAutomationCredentials(secret, { token: secret }, previous)).not.toThrow();
      expect(() =>
        verifyAutomationCredentials(secret, { signature: signBody(secret, body), rawBody: body }, previous),
      ).not.toThrow();
    });

    it('refuses the previous secret once the rotation is over, and any third secret', () => {
      expect(refusal(() => verifyAutomationCredentials(secret, { token: previous }))).toBe(
        'Invalid automation credentials.',
      );
      expect(refusal(() => verifyAutomationCredentials(secret, { token: 'workflow-secret-9' }, previous))).toBe(
        'Invalid automation credentials.',
      );
    });

    it('refuses the previous secret alone while no current secret is configured', () => {
      expect(refusal(() => verifyAutomationCredentials(null, { token: previous }, previous))).toMatch(/not configured/);
    });
  });
});

describe('timestamped signatures', () => {
  const secret = 'timestamp-secret';
  const body = '{"order_id":"o","status":"paid"}';
  const now = Date.parse('2026-11-24T10:00:00Z');
  const at = (offsetSeconds: number) => String(now / 1000 + offsetSeconds);

  it('accepts an HMAC of timestamp.body made within five minutes either way', () => {
    for (const offset of [0, -300, 300]) {
      expect(
        verifyTimestampedSignature(secret, at(offset), signTimestampedBody(secret, at(offset), body), body, now),
      ).toBe(true);
    }
  });

  it('refuses an old or future timestamp, another body, another timestamp, a plain body signature', () => {
    expect(verifyTimestampedSignature(secret, at(-301), signTimestampedBody(secret, at(-301), body), body, now)).toBe(
      false,
    );
    expect(verifyTimestampedSignature(secret, at(301), signTimestampedBody(secret, at(301), body), body, now)).toBe(
      false,
    );
    expect(verifyTimestampedSignature(secret, at(0), signTimestampedBody(secret, at(0), body), `${body} `, now)).toBe(
      false,
    );
    expect(verifyTimestampedSignature(secret, at(1), signTimestampedBody(secret, at(0), body), body, now)).toBe(false);
    expect(verifyTimestampedSignature(secret, at(0), signBody(secret, body), body, now)).toBe(false);
    expect(verifyTimestampedSignature(secret, 'soon', signTimestampedBody(secret, 'soon', body), body, now)).toBe(
      false,
    );
  });

  it('tells how the caller proved the secret', () => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    expect(verifyAutomationCredentials(secret, { token: secret })).toBe('secret');
    expect(verifyAutomationCredentials(secret, { signature: signBody(secret, body), rawBody: body })).toBe('signature');
    expect(
      verifyAutomationCredentials(secret, {
        timestamp,
        signature: signTimestampedBody(secret, timestamp, body),
        rawBody: body,
      }),
    ).toBe('timestamped-signature');
    // With X-Timestamp, a body-only signature is not enough.
    expect(() =>
      verifyAutomationCredentials(secret, { timestamp, signature: signBody(secret, body), rawBody: body }),
    ).toThrow(/timestamped/);
  });
});
