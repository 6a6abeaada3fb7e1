// What the browser tests and the shop they drive agree on, defined once (no server starts here:
// tests/support/e2e-server.ts starts it, and importing that would start a second one).

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3211);

/**
 * The shop's own address (its PUBLIC_URL) and the browser tests' baseURL: better-auth accepts
 * sign-ins and sign-ups only from this origin, so every journey browses it.
 */
export const E2E_PUBLIC_URL = `http://localhost:${E2E_PORT}`;

/** The administrator the end-to-end shop creates at its first start. */
export const E2E_ADMIN = { email: 'admin@example.com', password: 'admin-password-1' };
