// The "Add to Apple Wallet" badge of one card: shown only when the server makes Apple Wallet passes.
// Loaded on its own (lazily) so the customer entry stays small. Safari hands a .pkpass to Wallet only
// when it opens the file's URL itself, so a tap trades the credential for a one-minute link and opens it.
import { useEffect, useState } from 'react';
import type { ApplePassLinkResponse, ApplePassStatusResponse } from '../../api/contract/apple-passes';
import { CUSTOMER_CREDENTIAL_HEADER } from '../../api/contract/protocol';
import { t } from '../../i18n/texts';
import { readCustomerCredential } from './customerCredential';

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

function WalletMark() {
  // Apple's wallet: stacked cards in its colours.
  return (
    <svg className="cw-apple-wallet-mark" width="26" height="20" viewBox="0 0 26 20" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="24" height="18" rx="3" fill="#dedede" />
      <rect x="1" y="4" width="24" height="4" fill="#3ea6e5" />
      <rect x="1" y="7" width="24" height="4" fill="#f7b82a" />
      <rect x="1" y="10" width="24" height="4" fill="#ef4c42" />
      <path d="M1 12h7c1 2.5 3 3.5 5 3.5s4-1 5-3.5h7v5a2 2 0 0 1-2 2H3a2 2 0 0 1-2-2z" fill="#202020" />
    </svg>
  );
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
        <WalletMark />
        <span className="cw-apple-wallet-words" aria-hidden="true">
          <span className="cw-apple-wallet-small">{t('appleWallet.addSmall')}</span>
          <span className="cw-apple-wallet-large">{t('appleWallet.addLarge')}</span>
        </span>
      </button>
      {busy ? <p className="cw-muted" role="status">{t('appleWallet.preparing')}</p> : null}
      {failed ? <p className="cw-apple-wallet-error" role="alert">{t('appleWallet.failed')}</p> : null}
    </div>
  );
}
