import type { FastifyInstance } from 'fastify';

/**
 * The policy: scripts only from our origin (first data travels as JSON, never inline script),
 * frames only from YouTube for hero banners, images from anywhere on https because
 * administrators may point banners, logos and robot images at other hosts.
 */
function contentSecurityPolicy(https: boolean): string {
  const directives: Array<[string, string]> = [
    ['default-src', "'self'"],
    ['script-src', "'self'"],
    // Inline style attributes are used by the UI primitives; they cannot run code.
    ['style-src', "'self' 'unsafe-inline'"],
    ['img-src', "'self' data: blob: https:"],
    ['font-src', "'self' data:"],
    ['connect-src', "'self'"],
    ['frame-src', 'https://www.youtube-nocookie.com https://www.youtube.com'],
    ['media-src', "'self' https:"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'self'"],
  ];
  if (https) directives.push(['upgrade-insecure-requests', '']);
  return directives.map(([name, value]) => `${name} ${value}`.trim()).join('; ');
}

/**
 * The usual hardening headers (those helmet sends), computed once: they never change between
 * requests, so building them per request would be wasted work on every response.
 */
export function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): void {
  const https = publicUrl.startsWith('https:');
  const common: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'x-dns-prefetch-control': 'off',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    // HSTS on plain http would lock browsers out of a shop that has no certificate yet.
    ...(https ? { 'strict-transport-security': 'max-age=15552000' } : {}),
  };
  const documents = { ...common, 'content-security-policy': contentSecurityPolicy(https) };
  // JSON answers are never rendered as documents: the framing, opener and CSP headers mean
  // nothing for them, and every header costs time on the hottest routes.
  const api: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    ...(https ? { 'strict-transport-security': common['strict-transport-security']! } : {}),
  };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? api : documents);
    done();
  });
  // A few API routes answer with a page (better-auth's /api/auth/error): whatever its address,
  // an HTML answer gets the document headers, CSP and frame protection included.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (
      String(reply.getHeader('content-type') ?? '').startsWith('text/html') &&
      !reply.hasHeader('content-security-policy')
    )
      reply.headers(documents);
    done(null, payload);
  });
}
