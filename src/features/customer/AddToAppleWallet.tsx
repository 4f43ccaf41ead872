// The "Add to Apple Wallet" badge of one card (Apple's artwork, in the page's language): shown only when the
// server makes Apple Wallet passes.
// Loaded on its own (lazily) so the customer entry stays small. Safari hands a .pkpass to Wallet only
// when it opens the file's URL itself, so a tap trades the credential for a one-minute link and opens it.
import { useEffect, useState } from 'react';
import type { ApplePassLinkResponse, ApplePassStatusResponse } from '../../api/contract/apple-passes';
import { CUSTOMER_CREDENTIAL_HEADER } from '../../api/contract/protocol';
import { currentLocale, t } from '../../i18n/texts';
import { readCustomerCredential } from './customerCredential';
import { appleWalletBadgeArt } from './walletBadgeArt';

let offered: Promise<boolean> | undefined;

/** Asked once per page load: the server's configuration does not change while the page is open. */
function appleWalletOffered(): Promise<boolean> {
  offered ??= fetch(new Request('/api/passes/apple/status'))
    .then(async (response) => (response.ok ? ((await response.json()) as ApplePassStatusResponse).enabled === true : false))
    .catch(() => {
      // A network failure is asked again next time rather than remembered as "not offered".
      offered = undefined;
      return false;
    });
  return offered;
}

/** Forgets the remembered answer (tests render several servers in one page). */
export function forgetAppleWalletOffer(): void {
  offered = undefined;
}

async function passLink(cardId: string): Promise<string> {
  const credential = readCustomerCredential();
  const response = await fetch(
    new Request(`/api/customer/cards/${encodeURIComponent(cardId)}/apple-pass-link`, { method: 'POST', headers: credential ? { [CUSTOMER_CREDENTIAL_HEADER]: credential } : {} }),
  );
  if (!response.ok) throw new Error(`pass link: ${response.status}`);
  return ((await response.json()) as ApplePassLinkResponse).url;
}

export default function AddToAppleWallet({ cardId }: { cardId: string }) {
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let mounted = true;
    void appleWalletOffered().then((yes) => {
      if (mounted) setShown(yes);
    });
    return () => {
      mounted = false;
    };
  }, []);

  if (!shown) return null;

  const add = async () => {
    setBusy(true);
    setFailed(false);
    try {
      window.location.assign(await passLink(cardId));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="cw-apple-wallet">
      <button type="button" className="cw-apple-wallet-badge" onClick={() => void add()} disabled={busy} aria-label={t('appleWallet.add')}>
        <img className="cw-wallet-badge-art" src={appleWalletBadgeArt(currentLocale())} alt={t('appleWallet.add')} />
      </button>
      {busy ? <p className="cw-muted" role="status">{t('appleWallet.preparing')}</p> : null}
      {failed ? <p className="cw-apple-wallet-error" role="alert">{t('appleWallet.failed')}</p> : null}
    </div>
  );
}
