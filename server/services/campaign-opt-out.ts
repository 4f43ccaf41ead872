// Customers' say over campaign messages: each store's messages on or off (the card page's switch, or an
// e-mail's unsubscribe link without signing in), and campaign e-mail at all (the profile form, off until ticked).
import type { AppDeps } from '../deps';
import { badRequest, notFound } from '../http-errors';
import { openUnsubscribeToken } from '../infra/unsubscribe-tokens';
import { text } from '../infra/texts';
import { campaignMailOptIn, deleteOptOut, insertOptOut, optedOutStores, setCampaignMailOptIn, vendorOfCard } from '../repositories/campaign-delivery';
import { findStore } from '../repositories/cards';

const CARD_NOT_FOUND = 'No such card in this wallet.';

async function storeOfCard(deps: Pick<AppDeps, 'db'>, customerId: string, cardId: string): Promise<string> {
  const vendorId = await vendorOfCard(deps.db.kysely, customerId, cardId);
  if (!vendorId) throw notFound(CARD_NOT_FOUND);
  return vendorId;
}

export async function campaignMessagesEnabled(deps: Pick<AppDeps, 'db'>, customerId: string, cardId: string): Promise<boolean> {
  const vendorId = await storeOfCard(deps, customerId, cardId);
  return !(await optedOutStores(deps.db.kysely, customerId, [vendorId])).has(vendorId);
}

export async function setCampaignMessages(deps: Pick<AppDeps, 'db' | 'now'>, customerId: string, cardId: string, enabled: boolean): Promise<boolean> {
  const vendorId = await storeOfCard(deps, customerId, cardId);
  if (enabled) await deleteOptOut(deps.db.kysely, vendorId, customerId);
  else await insertOptOut(deps.db.kysely, vendorId, customerId, deps.now());
  return enabled;
}

export async function campaignMailEnabled(deps: Pick<AppDeps, 'db'>, customerId: string): Promise<boolean> {
  return campaignMailOptIn(deps.db.kysely, customerId);
}

/** `locale`: the page's language, which the campaign mails are then written in. */
export async function setCampaignMail(deps: Pick<AppDeps, 'db' | 'now'>, customerId: string, optIn: boolean, locale: string): Promise<boolean> {
  await setCampaignMailOptIn(deps.db.kysely, customerId, optIn, locale, deps.now());
  return optIn;
}

export interface UnsubscribeView {
  lang: string;
  title: string;
  text: string;
  /** The button of the confirmation page; absent once unsubscribed. */
  button?: string;
}

async function subjectOf(deps: Pick<AppDeps, 'db' | 'secret'>, token: string, locale: string): Promise<{ vendorId: string; customerId: string; store: string }> {
  const subject = openUnsubscribeToken(deps.secret, token);
  const store = subject && (await findStore(deps.db.kysely, subject.vendorId));
  if (!subject || !store) throw badRequest(text(locale, 'campaignMail.invalid'));
  return { ...subject, store: store.company };
}

/** The confirmation page of an unsubscribe link (GET: nothing changes, so a mail scanner opening links unsubscribes nobody). */
export async function unsubscribePage(deps: Pick<AppDeps, 'db' | 'secret'>, token: string, locale: string): Promise<UnsubscribeView> {
  const { store } = await subjectOf(deps, token, locale);
  return { lang: locale, title: text(locale, 'campaignMail.page.title', { store }), text: text(locale, 'campaignMail.page.text', { store }), button: text(locale, 'campaignMail.page.button') };
}

/** One click (the page's button, or the mail program's List-Unsubscribe-Post): the store's campaign messages stop. */
export async function unsubscribe(deps: Pick<AppDeps, 'db' | 'secret' | 'now'>, token: string, locale: string): Promise<UnsubscribeView> {
  const { vendorId, customerId, store } = await subjectOf(deps, token, locale);
  await insertOptOut(deps.db.kysely, vendorId, customerId, deps.now());
  return { lang: locale, title: text(locale, 'campaignMail.done.title'), text: text(locale, 'campaignMail.done.text', { store }) };
}
