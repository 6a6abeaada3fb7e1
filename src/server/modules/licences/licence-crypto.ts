import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The keys that keep licences safe in a copied database (decision 0017). None of them is stored:
 * each is derived with HKDF from the server's secret (LICENCE_SECRET, else AUTH_SECRET), under a
 * label of its own, so every instance sharing that secret derives the same keys, and a database
 * copy alone finds no working licence key, EA secret or signing key.
 */
export interface LicenceKeys {
  /** HMAC key of the licence-key lookup hash. */
  lookup: Buffer;
  /** Seals the licence keys, for display to their owner. */
  licenceKeys: Buffer;
  /** Seals the robots' EA secrets. */
  eaSecrets: Buffer;
  /** Seals the Ed25519 private keys. */
  signingKeys: Buffer;
}

const SALT = 'tradebot-store licences';

function derive(secret: string, label: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, SALT, `tradebot-store licences: ${label}`, 32));
}

export function deriveLicenceKeys(secret: string): LicenceKeys {
  return {
    lookup: derive(secret, 'key lookup'),
    licenceKeys: derive(secret, 'licence key sealing'),
    eaSecrets: derive(secret, 'EA secret sealing'),
    signingKeys: derive(secret, 'signing key sealing'),
  };
}

/** The lookup hash of a licence key: HMAC-SHA256, hex. */
export function keyedHash(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text).digest('hex');
}

const SEALED_PREFIX = 'v1';

/**
 * AES-256-GCM with a fresh 96-bit nonce. `context` (the row's id) is authenticated with the text,
 * so a sealed value copied onto another row does not open there.
 */
export function seal(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const encrypted = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [SEALED_PREFIX, iv, encrypted, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export class SealedValueError extends Error {}

/** The text sealed by `seal`; throws SealedValueError when the key, context or value is wrong. */
export function open(key: Buffer, sealed: string, context: string): string {
  const [prefix, iv, encrypted, tag] = sealed.split('.');
  if (prefix !== SEALED_PREFIX || iv === undefined || encrypted === undefined || tag === undefined)
    throw new SealedValueError('not a sealed value');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SealedValueError(
      'a sealed licence value does not open: LICENCE_SECRET (or AUTH_SECRET) differs from the one it was sealed with',
    );
  }
}
