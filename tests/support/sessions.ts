import type { FastifyInstance } from 'fastify';

export const SAME_ORIGIN = { origin: 'http://localhost:3000' };

/** The Cookie header value of a response's Set-Cookie headers. */
export function cookieFrom(setCookie: string | string[] | undefined): string {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return cookies.map((cookie) => cookie.split(';')[0]).join('; ');
}

export async function signUp(app: FastifyInstance, user: { email: string; password: string; name: string }) {
  return app.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers: SAME_ORIGIN, payload: user });
}

/** Signs in and returns the Cookie header of the new session. */
export async function signIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: SAME_ORIGIN,
    payload: { email, password },
  });
  if (response.statusCode !== 200)
    throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
  return cookieFrom(response.headers['set-cookie']);
}

/** Creates a client account and returns its id and session cookie. */
export async function createClient(app: FastifyInstance, email: string, name = 'Test Client') {
  const password = 'client-password-1';
  const created = await signUp(app, { email, password, name });
  if (created.statusCode !== 200) throw new Error(`sign-up of ${email} failed: ${created.statusCode} ${created.body}`);
  const cookie = await signIn(app, email, password);
  const me = await app.inject({ url: '/api/me', headers: { cookie } });
  return { id: me.json<{ id: string }>().id, cookie, email, password };
}
