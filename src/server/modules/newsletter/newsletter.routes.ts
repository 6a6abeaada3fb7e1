import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { subscribedSchema, subscribeSchema } from '../../../shared/schemas/newsletter.js';
import { limiterFor } from '../../http/rate-limit.js';
import { renderMessagePage } from '../../text/message-page.js';
import type { NewsletterService } from './newsletter.service.js';

const tokenQuery = z.object({ token: z.string().max(200).optional() });

/** Links in emails are public but each client may only try so many tokens a minute. */
const unsubscribeLimit = { name: 'unsubscribe', max: 30, windowMs: 60_000 };
const confirmLimit = { name: 'confirm', max: 30, windowMs: 60_000 };

type MessageKey = Parameters<typeof renderMessagePage>[2];

/**
 * The handler of an emailed link: runs `act` with the link's token and answers the plain page of
 * what happened (200), or of an unknown or used token (404).
 */
function tokenLinkPage(
  act: (token: string) => Promise<boolean>,
  done: MessageKey,
  invalid: MessageKey,
  shopName: () => Promise<string>,
) {
  return async (request: FastifyRequest<{ Querystring: z.infer<typeof tokenQuery> }>, reply: FastifyReply) => {
    const token = request.query.token ?? '';
    const succeeded = token.length > 0 && (await act(token));
    return renderMessagePage(request, reply, succeeded ? done : invalid, succeeded ? 200 : 404, {
      shopName: await shopName(),
    });
  };
}

export function newsletterRoutes(newsletter: NewsletterService): FastifyPluginAsyncZod {
  return async (app) => {
    const shopName = () => newsletter.shopName();
    const unsubscribePage = tokenLinkPage(
      (token) => newsletter.unsubscribe(token),
      'unsubscribe.done',
      'unsubscribe.invalid',
      shopName,
    );
    app.post(
      '/api/newsletter/subscribe',
      {
        config: { access: 'public' },
        onRequest: limiterFor(app, { name: 'newsletter', max: 5, windowMs: 60_000 }),
        schema: { body: subscribeSchema, response: { 201: subscribedSchema } },
      },
      async (request, reply) => {
        const { confirmationRequired } = await newsletter.subscribe(request.body.email);
        return reply.status(201).send({ subscribed: true, confirmationRequired });
      },
    );

    // The link in every newsletter: a plain page, readable without JavaScript, that only asks.
    // Mail scanners and link previews follow every link of a message, so a GET changes nothing;
    // the page's button POSTs to the same address (below), like a mail client's one-click.
    app.get(
      '/unsubscribe',
      { onRequest: limiterFor(app, unsubscribeLimit), schema: { querystring: tokenQuery } },
      async (request, reply) => {
        const token = request.query.token ?? '';
        if (token === '' || !(await newsletter.isSubscribed(token)))
          return renderMessagePage(request, reply, 'unsubscribe.invalid', 404, { shopName: await shopName() });
        const action = `/unsubscribe?token=${encodeURIComponent(token)}`;
        return renderMessagePage(request, reply, 'unsubscribe.confirm', 200, {
          shopName: await shopName(),
          formAction: action,
        });
      },
    );

    // Double opt-in: the link of the confirmation email.
    app.get(
      '/newsletter/confirm',
      { onRequest: limiterFor(app, confirmLimit), schema: { querystring: tokenQuery } },
      tokenLinkPage((token) => newsletter.confirm(token), 'confirmPage.done', 'confirmPage.invalid', shopName),
    );

    // The unsubscribing itself: the page's form, and RFC 8058 one-click unsubscribe, where mail
    // clients POST "List-Unsubscribe=One-Click" (form-encoded or multipart) to the
    // List-Unsubscribe address. The token in the address is the proof; the body says nothing
    // more, so any small body is accepted and ignored. The origin check lets both through: the
    // form comes from the shop's own page, a mail client sends no Origin; a form from another
    // site is refused, and could do no more than its sender holding the token already can.
    await app.register(async (scope) => {
      const oneClick = scope.withTypeProvider<ZodTypeProvider>();
      oneClick.removeAllContentTypeParsers();
      oneClick.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 4096 }, (_request, _body, done) =>
        done(null, undefined),
      );
      oneClick.post(
        '/unsubscribe',
        { onRequest: limiterFor(app, unsubscribeLimit), schema: { querystring: tokenQuery } },
        unsubscribePage,
      );
    });
  };
}
