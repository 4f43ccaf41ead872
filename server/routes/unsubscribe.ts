// /api/unsubscribe/{token}: the unsubscribe link of campaign mail, without signing in. GET shows a page
// asking to confirm (mail scanners open links: a GET changes nothing); POST unsubscribes, from that
// page's button or from a mail program's one-click List-Unsubscribe-Post (RFC 8058). A changed or
// forged token is a 400.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { UnsubscribeParams } from '../../src/api/contract/campaign-messages';
import { localeOfAcceptLanguage } from '../infra/texts';
import { HttpError } from '../http-errors';
import { unsubscribe, unsubscribePage, type UnsubscribeView } from '../services/campaign-opt-out';
import { isRightToLeft, isLocale } from '../../src/api/contract/locales';
import { named } from '../plugins/plugin-name';

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(view: UnsubscribeView, action: string): string {
  const dir = isLocale(view.lang) && isRightToLeft(view.lang) ? 'rtl' : 'ltr';
  const form = view.button ? `<form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(view.button)}</button></form>` : '';
  return `<!doctype html><html lang="${view.lang}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(view.title)}</title></head><body><main><h1>${escapeHtml(view.title)}</h1><p>${escapeHtml(view.text)}</p>${form}</main></body></html>`;
}

// Pages for a person who opened a mail's link, not JSON: the description says so per content type.
const HtmlPage = { content: { 'text/html': { schema: Type.String({ description: 'the page' }) } } };
const ErrorPage = { content: { 'text/html': { schema: Type.String({ description: 'the link is not valid' }) } } };

const unsubscribeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // RFC 8058's one-click POST carries "List-Unsubscribe=One-Click" as a form; the token in the URL is all that counts.
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, undefined));

  const answer = async (reply: { code(n: number): unknown; type(t: string): unknown; header(k: string, v: string): unknown }, action: string, locale: string, work: () => Promise<UnsubscribeView>) => {
    reply.type('text/html; charset=utf-8');
    reply.header('Cache-Control', 'no-store');
    try {
      return page(await work(), action);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      reply.code(error.statusCode);
      return page({ lang: locale, title: error.message, text: '' }, action);
    }
  };

  app.get('/:token', {
    config: { access: 'public' },
    schema: {
      tags: ['campaigns'],
      summary: 'The confirmation page of a campaign mail\'s unsubscribe link (400: the token was changed)',
      params: UnsubscribeParams,
      response: { 200: HtmlPage, 400: ErrorPage },
    },
  }, async (request, reply) => {
    const locale = localeOfAcceptLanguage(request.headers['accept-language']);
    return answer(reply, request.url, locale, () => unsubscribePage(app.deps, request.params.token, locale));
  });

  app.post('/:token', {
    config: { access: 'public' },
    schema: {
      tags: ['campaigns'],
      summary: "Unsubscribe from the store's campaign messages in one click (List-Unsubscribe-Post; 400: the token was changed)",
      params: UnsubscribeParams,
      response: { 200: HtmlPage, 400: ErrorPage },
    },
  }, async (request, reply) => {
    const locale = localeOfAcceptLanguage(request.headers['accept-language']);
    return answer(reply, request.url, locale, () => unsubscribe(app.deps, request.params.token, locale));
  });
};

export default named(unsubscribeRoutes);
