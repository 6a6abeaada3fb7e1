import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

export interface AdminBootstrap {
  email: string | undefined;
  password: string | undefined;
}

export type AdminBootstrapResult =
  | { kind: 'unchanged' }
  | { kind: 'created'; email: string; generatedPassword?: string }
  | { kind: 'promoted'; email: string };

/**
 * The first administrator's address when ADMIN_EMAIL is not set: clearly a placeholder (example.com
 * is reserved for examples) that the sign-in form and better-auth accept as an email address, which
 * `admin@localhost` was not. The owner changes it on the Account page.
 */
export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

/**
 * Guarantees that an administrator exists. ADMIN_EMAIL/ADMIN_PASSWORD name one (created when
 * missing, promoted when it exists; an existing password is never overwritten). Without them, a
 * shop that has no administrator at all gets DEFAULT_ADMIN_EMAIL with a random password that the
 * caller prints once.
 */
export async function ensureAdministrator(db: Kysely<Database>, wanted: AdminBootstrap): Promise<AdminBootstrapResult> {
  if (wanted.email && wanted.password) {
    const existing = await db
      .selectFrom('users')
      .select(['id', 'role'])
      .where('email', '=', wanted.email)
      .executeTakeFirst();
    if (!existing) {
      await createAdministrator(db, wanted.email, wanted.password);
      return { kind: 'created', email: wanted.email };
    }
    if (existing.role === 'admin') return { kind: 'unchanged' };
    await db
      .updateTable('users')
      .set({ role: 'admin', updated_at: new Date().toISOString() })
      .where('id', '=', existing.id)
      .execute();
    return { kind: 'promoted', email: wanted.email };
  }
  const anyAdmin = await db.selectFrom('users').select('id').where('role', '=', 'admin').limit(1).executeTakeFirst();
  if (anyAdmin) return { kind: 'unchanged' };
  const email = DEFAULT_ADMIN_EMAIL;
  const password = randomBytes(12).toString('base64url');
  const existing = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  if (existing) {
    await db
      .updateTable('users')
      .set({ role: 'admin', updated_at: new Date().toISOString() })
      .where('id', '=', existing.id)
      .execute();
    return { kind: 'promoted', email };
  }
  await createAdministrator(db, email, password);
  return { kind: 'created', email, generatedPassword: password };
}

/**
 * Writes the user and its password account the way better-auth stores email sign-ups. No name:
 * the header then shows the address, not 'Administrator' twice (name and role).
 */
async function createAdministrator(db: Kysely<Database>, email: string, password: string): Promise<void> {
  const now = new Date().toISOString();
  const id = randomUUID();
  // Only the first start creates an administrator; the others do not load better-auth (issue 21 §5).
  const { hashPassword } = await import('better-auth/crypto');
  const hash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values({
        id,
        email,
        email_verified: true,
        full_name: null,
        image: null,
        role: 'admin',
        created_date: now,
        updated_at: now,
      })
      .execute();
    await trx
      .insertInto('accounts')
      .values({
        id: randomUUID(),
        user_id: id,
        account_id: id,
        provider_id: 'credential',
        password: hash,
        access_token: null,
        refresh_token: null,
        id_token: null,
        access_token_expires_at: null,
        refresh_token_expires_at: null,
        scope: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  });
}
