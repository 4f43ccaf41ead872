// The customer endpoints (/api/customer), typed from the same wire types as the rest of the app.
//
// Why not the one RTK Query api slice: the customer pages are their own lean entry (≤ 100 KiB of
// JavaScript, gzip, before the stamp shows on a phone). Measured in this build, React DOM is 67 KiB and
// react-router 13 KiB; Redux Toolkit with RTK Query, react-redux and immer add 25 KiB more, which leaves no
// room for the pages. So these few calls use fetch directly, with the behaviour the slice gave them: the
// device credential in its own header, the credential stored or forgotten where the answer says so, and
// errors in fetchBaseQuery's shape ({ status, data } or FETCH_ERROR).
import type {
  CardResponse,
  ClaimResponse,
  ConfirmEmailResponse,
  CustomerProfile,
  GooglePassResponse,
  RecoverCompleteResponse,
  RecoverResponse,
  RedemptionDto,
  ScanResponse,
  StoreDetailsResponse,
  UpdateCustomerRequest,
  UpdateCustomerResponse,
  WalletResponse,
} from '../../../api/contract/customer';
import type { CampaignMailSetting, CampaignMessagesSetting } from '../../../api/contract/campaign-messages';
import { CUSTOMER_CREDENTIAL_HEADER, CUSTOMER_LINK_KEY_HEADER } from '../../../api/contract/protocol';
import { clearCustomerCredential, customerLinkKey, ensureCustomerCredential, readCustomerCredential, saveCustomerCredential } from '../customerCredential';
import { currentLocale } from '../../../i18n/texts';

/** A failed call: the server's answer (status and JSON body), or a request that never got one. */
export type CustomerApiError =
  | { status: number; data: unknown }
  | { status: 'FETCH_ERROR'; error: string }
  | { status: 'PARSING_ERROR'; originalStatus: number; data: string; error: string };

export function isCustomerApiError(value: unknown): value is CustomerApiError {
  return typeof value === 'object' && value !== null && 'status' in value;
}

interface CallOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Send this device's credential (read at call time: a first scan or a recovery may just have stored one). */
  withCredential?: boolean;
  /** Send this phone's link key (asking for and opening a wallet sign-in link). */
  withLinkKey?: boolean;
}

async function call<T>(path: string, { method = 'GET', body, withCredential = true, withLinkKey = false }: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = {};
  const credential = withCredential ? readCustomerCredential() : null;
  if (credential) headers[CUSTOMER_CREDENTIAL_HEADER] = credential;
  const linkKey = withLinkKey ? customerLinkKey() : null;
  if (linkKey) headers[CUSTOMER_LINK_KEY_HEADER] = linkKey;
  // The server words its sentences (and a confirmation mail) in the page's language.
  headers['Accept-Language'] = currentLocale();
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(new Request(`/api/customer${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
  } catch (error) {
    throw { status: 'FETCH_ERROR', error: String(error) } satisfies CustomerApiError;
  }
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      throw { status: 'PARSING_ERROR', originalStatus: response.status, data: text, error: 'The answer is not JSON' } satisfies CustomerApiError;
    }
  }
  if (!response.ok) throw { status: response.status, data } satisfies CustomerApiError;
  return data as T;
}

const id = (value: string) => encodeURIComponent(value);

export const customerClient = {
  /**
   * POST /api/customer/scan: collect a stamp. `attempt` is the same for every retry of one scan; a phone without a wallet
   * sends the credential it made (a server that hands one out anyway has it stored here).
   */
  async scan(token: string, attempt: string): Promise<ScanResponse> {
    const made = ensureCustomerCredential();
    let answer: ScanResponse;
    try {
      answer = await call<ScanResponse>('/scan', { method: 'POST', body: { token, attempt } });
    } catch (error) {
      // A refused first scan made no wallet: the phone keeps no credential for it. Without an answer (or with a
      // server error) the scan may have made one, so the credential stays for the retry.
      if (made && isCustomerApiError(error) && typeof error.status === 'number' && error.status < 500) clearCustomerCredential();
      throw error;
    }
    if (answer.credential) saveCustomerCredential(answer.credential);
    return answer;
  },
  /** GET /api/customer/cards: the wallet. */
  getWallet: () => call<WalletResponse>('/cards'),
  /** GET /api/customer/cards/{cardId}: one card and its latest claims. */
  getCard: (cardId: string) => call<CardResponse>(`/cards/${id(cardId)}`),
  /** GET /api/customer/cards/{cardId}/store: what the owner wrote about the card's store. */
  getCardStore: (cardId: string) => call<StoreDetailsResponse>(`/cards/${id(cardId)}/store`),
  /** GET /api/customer/cards/{cardId}/google-pass: the card's "Save to Google Wallet" link. */
  getGooglePass: (cardId: string) => call<GooglePassResponse>(`/cards/${id(cardId)}/google-pass`),
  /** GET /api/customer/cards/{cardId}/campaign-messages: whether the card's store may send campaign messages. */
  getCampaignMessages: (cardId: string) => call<CampaignMessagesSetting>(`/cards/${id(cardId)}/campaign-messages`),
  /** PUT /api/customer/cards/{cardId}/campaign-messages: the card page's switch. */
  setCampaignMessages: (cardId: string, enabled: boolean) => call<CampaignMessagesSetting>(`/cards/${id(cardId)}/campaign-messages`, { method: 'PUT', body: { enabled } }),
  /** GET /api/customer/me/campaign-mail: whether stores may e-mail their offers (off until ticked). */
  getCampaignMail: () => call<CampaignMailSetting>('/me/campaign-mail'),
  /** PUT /api/customer/me/campaign-mail: the profile form's box; the mails come in the page's language. */
  setCampaignMail: (optIn: boolean) => call<CampaignMailSetting>('/me/campaign-mail', { method: 'PUT', body: { optIn } }),
  /** POST /api/customer/cards/{cardId}/claim: redeem a full card. */
  claimCard: (cardId: string) => call<ClaimResponse>(`/cards/${id(cardId)}/claim`, { method: 'POST' }),
  /** GET /api/customer/claims/{id}: the claim as it is now. */
  getClaim: (claimId: string) => call<RedemptionDto>(`/claims/${id(claimId)}`),
  /** DELETE /api/customer/me: erase the wallet; this device's credential is dropped too. */
  async deleteWallet(): Promise<{ message: string }> {
    const answer = await call<{ message: string }>('/me', { method: 'DELETE' });
    clearCustomerCredential();
    return answer;
  },
  /** GET /api/customer/me: display name and e-mail. */
  getProfile: () => call<CustomerProfile>('/me'),
  /** PATCH /api/customer/me: a new e-mail is only mailed a confirmation link (`emailConfirmationSentTo`). */
  updateProfile: (changes: UpdateCustomerRequest) => call<UpdateCustomerResponse>('/me', { method: 'PATCH', body: changes }),
  /** POST /api/customer/email/{token}: the mailed confirmation link attaches the e-mail (on any device). */
  confirmEmail: (token: string) => call<ConfirmEmailResponse>(`/email/${id(token)}`, { method: 'POST', withCredential: false }),
  /**
   * POST /api/customer/recover: mail a sign-in link (always 202). The phone's credential and link key go along:
   * the link then signs this phone in (its cards along) without asking when it is opened here.
   */
  requestRecovery: (email: string) => call<RecoverResponse>('/recover', { method: 'POST', body: { email }, withLinkKey: true }),
  /**
   * POST /api/customer/recover/{token}: this device joins the wallet; the new credential is stored here.
   * `confirmMerge`: the customer agreed that this phone signs in to the link's wallet (its cards along) although
   * another phone asked for the link (the server's 409 `merge-unconfirmed` or `sign-in-unconfirmed` until then).
   */
  async completeRecovery(token: string, confirmMerge = false): Promise<RecoverCompleteResponse> {
    // The phone's own credential (if it has one) lets the server bring its anonymous cards along.
    const answer = await call<RecoverCompleteResponse>(`/recover/${id(token)}${confirmMerge ? '?merge=confirmed' : ''}`, { method: 'POST', withLinkKey: true });
    saveCustomerCredential(answer.credential);
    return answer;
  },
};
