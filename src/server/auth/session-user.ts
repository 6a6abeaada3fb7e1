import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { directStatements } from '../db/direct-statements.js';
import { preparedQuery } from '../db/prepared-query.js';
import type { Database } from '../db/schema.js';
import type { CurrentUser, UserResolver } from './access.js';
import type { Auth } from './better-auth.js';

/** better-auth's defaults, which createAuth keeps: sessions last 7 days and slide once a day. */
const SESSION_SECONDS = 7 * 24 * 3600;
const SESSION_UPDATE_SECONDS = 24 * 3600;
const COOKIE_NAMES = ['better-auth.session_token', '__Secure-better-auth.session_token'];

/** The session token of a signed better-auth cookie (`<token>.<base64 HMAC-SHA256>`), or null. */
export function verifiedSessionToken(cookieHeader: string, secret: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || !COOKIE_NAMES.includes(part.slice(0, separator).trim())) continue;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      return null;
    }
    const dot = value.lastIndexOf('.');
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1), 'base64');
    const expected = createHmac('sha256', secret).update(token).digest();
    return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
  }
  return null;
}

function toCurrentUser(user: {
  id: string;
  email: string;
  full_name: string | null;
  role: string;
  created_date: string;
}): CurrentUser {
  const role = user.role === 'admin' ? 'admin' : 'client';
  return {
    id: user.id,
    email: user.email,
    full_name: user.full_name || null,
    role,
    created_date: new Date(user.created_date).toISOString(),
    isAdmin: role === 'admin',
  };
}

/**
 * The signed-in user of a request, read from the session row and the user row on every call
 * (no cookie cache): a sign-out or a role change applies to the very next request.
 *
 * The common case is one indexed query after checking the cookie's signature as better-auth does
 * (its own getSession costs several queries and async crypto: an order page under load spent most
 * of its time there). A session due for its daily extension goes through better-auth, which
 * extends it and keeps its rules for that.
 */
export function sessionUserResolver(auth: Auth, db: Kysely<Database>, secret: string | undefined): UserResolver {
  const throughBetterAuth = async (request: FastifyRequest): Promise<CurrentUser | null> => {
    const session = await auth.getSession(request.headers).catch((error: unknown) => {
      request.log.warn({ err: error }, 'session lookup failed');
      return null;
    });
    if (!session) return null;
    const { user } = session;
    return toCurrentUser({
      id: user.id,
      email: user.email,
      full_name: user.name,
      role: (user as { role?: string }).role ?? 'client',
      created_date: new Date(user.createdAt).toISOString(),
    });
  };

  // Compiled once (db/prepared-query.ts) and run past Kysely's executor where the engine allows
  // (db/direct-statements.ts): every signed-in request runs it, and building it anew cost about
  // as much as SQLite takes to answer it (issue 21 §2).
  const direct = directStatements(db);
  const sessionOf = preparedQuery((token: string) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['sessions.expires_at', 'users.id', 'users.email', 'users.full_name', 'users.role', 'users.created_date'])
      .where('sessions.token', '=', token),
  );

  return async (request: FastifyRequest): Promise<CurrentUser | null> => {
    const cookie = request.headers.cookie;
    if (!cookie) return null;
    if (!secret) return throughBetterAuth(request);
    const token = verifiedSessionToken(cookie, secret);
    if (!token) return null;
    const [row] = await direct.read(sessionOf(token));
    if (!row) return null;
    const expiresAt = Date.parse(row.expires_at);
    if (!(expiresAt > Date.now())) return null;
    if (expiresAt - SESSION_SECONDS * 1000 + SESSION_UPDATE_SECONDS * 1000 <= Date.now())
      return throughBetterAuth(request);
    return toCurrentUser(row);
  };
}
