import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from './escape-html.js';
import { chooseLanguage } from './language.js';
import { newsletterMailStrings, serverStrings } from './server-strings.js';

type MessageKey =
  'unsubscribe.confirm' | 'unsubscribe.done' | 'unsubscribe.invalid' | 'confirmPage.done' | 'confirmPage.invalid';

/**
 * A small standalone page for a one-off outcome, e.g. after following an unsubscribe link, titled
 * with the shop's name (setting site_name). With `formAction`, the page asks first: its button
 * POSTs to that address of this site (a link followed by a mail scanner must not act by itself).
 */
export function renderMessagePage(
  request: FastifyRequest,
  reply: FastifyReply,
  key: MessageKey,
  status: number,
  { shopName, formAction }: { shopName: string; formAction?: string },
) {
  const language = chooseLanguage(request);
  const strings = serverStrings(language);
  const [group, outcome] = key.split('.') as ['unsubscribe' | 'confirmPage', 'confirm' | 'done' | 'invalid'];
  const message: { title: string; text: string; button?: string } =
    group === 'unsubscribe'
      ? strings.unsubscribe[outcome]
      : newsletterMailStrings(language).confirmPage[outcome as 'done' | 'invalid'];
  const form =
    formAction && message.button
      ? `<form method="post" action="${escapeHtml(formAction)}"><button type="submit">${escapeHtml(message.button)}</button></form>\n`
      : '';
  const html = `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(`${message.title} | ${shopName}`)}</title>
<link rel="icon" href="/favicon.svg">
<style>body{margin:0;font-family:system-ui,sans-serif;background:#0f172a;color:#e2e8f0;display:grid;place-items:center;min-height:100vh}main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:1.5rem}a{color:#6ee7b7}button{min-height:2.75rem;padding:0 1.5rem;border:0;border-radius:.5rem;background:#10b981;color:#020617;font:inherit;font-weight:600;cursor:pointer}button:hover{background:#34d399}button:focus-visible{outline:2px solid #6ee7b7;outline-offset:2px}</style>
</head>
<body>
<main>
<h1>${escapeHtml(message.title)}</h1>
<p>${escapeHtml(message.text)}</p>
${form}<p><a href="/">${escapeHtml(strings.backToShop)}</a></p>
</main>
</body>
</html>`;
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}
