// Calls to the app's API as a signed-in browser makes them, for the parts that set data up.
export type Session = { cookie: string };

export async function call(
  origin: string,
  method: string,
  url: string,
  session?: Session,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const init: RequestInit = { method, headers: { origin, ...(session ? { cookie: session.cookie } : {}), ...headers } };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  const response = await fetch(origin + url, init);
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return response;
}

export async function signIn(origin: string, email: string, password: string): Promise<Session> {
  const response = await call(origin, 'POST', '/api/auth/sign-in/email', undefined, { email, password });
  return {
    cookie: response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; '),
  };
}

export async function newClient(origin: string, index: number): Promise<Session> {
  const email = `bench-client-${index}-${Date.now()}@example.com`;
  await call(origin, 'POST', '/api/auth/sign-up/email', undefined, {
    email,
    password: 'bench-password-1',
    name: `Bench Client ${index}`,
  });
  return signIn(origin, email, 'bench-password-1');
}

/** The first listed robot's slug: its page is `/robots/<slug>`. */
export async function firstRobotSlug(origin: string): Promise<string> {
  const robots = (await (await call(origin, 'GET', '/api/robots')).json()) as Array<{ slug: string }>;
  if (!robots[0]) throw new Error('the shop lists no robot (is SEED_DEMO on?)');
  return robots[0].slug;
}

export async function firstRobotId(origin: string): Promise<string> {
  const robots = (await (await call(origin, 'GET', '/api/robots')).json()) as Array<{ id: string }>;
  if (!robots[0]) throw new Error('the shop lists no robot (is SEED_DEMO on?)');
  return robots[0].id;
}
