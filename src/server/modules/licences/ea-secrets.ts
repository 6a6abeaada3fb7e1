import { randomBytes } from 'node:crypto';
import { open, seal } from './licence-crypto.js';
import type { LicencesRepository } from './licences.repository.js';

/**
 * How long an instance keeps a robot's opened EA secret: a rotation made through another instance
 * reaches this one within this time (robots built with the old secret fail from then on).
 */
export const EA_SECRET_REFRESH_MS = 60_000;

/**
 * Each licensed robot's EA secret (decision 0017): the HMAC key of its licence answers, which the
 * owner compiles into the robot, because MQL can compute SHA-256 but cannot verify Ed25519. 32
 * random bytes written as 64 hex characters; the HMAC key is that text's ASCII bytes. Stored
 * sealed with a key derived from the server secret, so a database copy does not reveal it.
 */
export class EaSecrets {
  private readonly opened = new Map<string, { secret: string; openedAt: number }>();

  constructor(
    private readonly repository: LicencesRepository,
    private readonly sealingKey: Buffer,
    private readonly now: () => number = Date.now,
  ) {}

  /** The robot's secret, created the first time it is needed; callers racing get the same one. */
  async ensure(robotId: string): Promise<string> {
    let sealed = await this.repository.sealedEaSecret(robotId);
    if (!sealed) {
      await this.repository.insertEaSecret(robotId, seal(this.sealingKey, newSecret(), robotId));
      sealed = await this.repository.sealedEaSecret(robotId);
      if (!sealed) throw new Error(`EA secret of robot ${robotId} could not be stored`);
    }
    const secret = open(this.sealingKey, sealed, robotId);
    this.opened.set(robotId, { secret, openedAt: this.now() });
    return secret;
  }

  /** The secret for signing an answer: from memory while fresh, so a check costs no extra read. */
  async forAnswer(robotId: string): Promise<string> {
    const kept = this.opened.get(robotId);
    if (kept && this.now() - kept.openedAt < EA_SECRET_REFRESH_MS) return kept.secret;
    return this.ensure(robotId);
  }

  /** A new secret replaces the old one at once: robots built with the old one stop verifying. */
  async rotate(robotId: string): Promise<string> {
    const secret = newSecret();
    await this.repository.replaceEaSecret(robotId, seal(this.sealingKey, secret, robotId));
    this.opened.set(robotId, { secret, openedAt: this.now() });
    return secret;
  }
}

function newSecret(): string {
  return randomBytes(32).toString('hex');
}
