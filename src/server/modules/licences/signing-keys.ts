import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import type { LicenceKeys } from '../../../shared/schemas/licences.js';
import { open, seal } from './licence-crypto.js';
import type { LicencesRepository, SigningKeyRow } from './licences.repository.js';

/**
 * How long an instance signs with the key it loaded before it looks for a newer one: a rotation
 * made through one instance reaches the others within this time (both keys verify meanwhile).
 */
export const SIGNING_KEY_REFRESH_MS = 60_000;

interface LoadedKey {
  kid: string;
  privateKey: KeyObject;
  loadedAt: number;
}

/** A key's id: the start of the SHA-256 of its raw public key, so it names that key and no other. */
function kidOf(rawPublicKey: string): string {
  return createHash('sha256').update(Buffer.from(rawPublicKey, 'base64url')).digest('base64url').slice(0, 16);
}

/**
 * The Ed25519 keys that sign licence answers (decision 0017). The first is generated on the first
 * start and stored in the database, its private half sealed with a key derived from the server
 * secret, so every instance on one database signs with it. The highest generation signs; a
 * rotation adds a generation and keeps the older public keys listed for the answers they signed.
 */
export class SigningKeys {
  private loaded: LoadedKey | null = null;
  private loading: Promise<LoadedKey> | null = null;

  constructor(
    private readonly repository: LicencesRepository,
    private readonly sealingKey: Buffer,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Creates the first key unless there is one (instances starting together create exactly one),
   * and opens the current one: a server secret that does not open it fails here, at start
   * (SealedValueError), rather than at a robot's first check.
   */
  async ensure(): Promise<void> {
    if ((await this.repository.signingKeys()).length === 0) await this.create(1);
    await this.current();
  }

  /**
   * The current key, to name in a payload (`kid`) and then sign it with: one key for both, even
   * if a rotation lands in between. The signature is base64url Ed25519 over the text's bytes.
   */
  async signer(): Promise<{ kid: string; sign: (text: string) => string }> {
    const { kid, privateKey } = await this.current();
    return { kid, sign: (text) => sign(null, Buffer.from(text), privateKey).toString('base64url') };
  }

  /** A new key signs from now on; the old ones stay listed. Answers the new key's id. */
  async rotate(): Promise<string> {
    const [newest] = await this.repository.signingKeys();
    // Losing the race to another instance's rotation is as good as winning it: a new key signs.
    await this.create((newest?.generation ?? 0) + 1);
    this.loaded = null;
    return (await this.current()).kid;
  }

  async publicKeys(): Promise<LicenceKeys> {
    const rows = await this.repository.signingKeys();
    if (rows.length === 0) throw new Error('no licence signing key: ensure() runs at start');
    return {
      current_kid: rows[0]!.kid,
      keys: rows.map((row) => ({
        kid: row.kid,
        alg: 'Ed25519' as const,
        public_key: row.public_key,
        public_key_pem: createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: row.public_key }, format: 'jwk' })
          .export({ type: 'spki', format: 'pem' })
          .toString(),
        created_at: row.created_at,
      })),
    };
  }

  private async current(): Promise<LoadedKey> {
    if (this.loaded && this.now() - this.loaded.loadedAt < SIGNING_KEY_REFRESH_MS) return this.loaded;
    // Requests arriving while the key loads wait for the same read.
    this.loading ??= this.load().finally(() => (this.loading = null));
    this.loaded = await this.loading;
    return this.loaded;
  }

  private async load(): Promise<LoadedKey> {
    let [newest] = await this.repository.signingKeys();
    if (!newest) {
      await this.create(1);
      [newest] = await this.repository.signingKeys();
    }
    return { kid: newest!.kid, privateKey: this.privateKey(newest!), loadedAt: this.now() };
  }

  private privateKey(row: SigningKeyRow): KeyObject {
    const d = open(this.sealingKey, row.private_key_sealed, row.kid);
    return createPrivateKey({ key: { kty: 'OKP', crv: 'Ed25519', d, x: row.public_key }, format: 'jwk' });
  }

  private async create(generation: number): Promise<void> {
    const { privateKey } = generateKeyPairSync('ed25519');
    const { d, x } = privateKey.export({ format: 'jwk' });
    const kid = kidOf(x!);
    await this.repository.insertSigningKey({
      generation,
      kid,
      public_key: x!,
      private_key_sealed: seal(this.sealingKey, d!, kid),
      created_at: new Date(this.now()).toISOString(),
    });
  }
}
