// "Add to Google Wallet": Google's badge artwork in the page's language, loaded only on servers that offer
// Google Wallet. A tap asks the server for the
// card's save link, which the server makes only then; the phone then opens Google Wallet with it.
import { useState } from 'react';
import { customerClient } from './api/client';
import { errorText } from './customerErrors';
import { currentLocale, t } from '../../i18n/texts';
import { googleWalletBadgeArt } from './walletBadgeArt';

export default function GoogleWalletBadge({ cardId, company }: { cardId: string; company: string }) {
  const [state, setState] = useState<{ status: 'idle' | 'opening' } | { status: 'failed'; message: string }>({ status: 'idle' });

  const onClick = async () => {
    setState({ status: 'opening' });
    try {
      const { saveUrl } = await customerClient.getGooglePass(cardId);
      window.location.assign(saveUrl);
    } catch (error) {
      setState({ status: 'failed', message: errorText(error as Parameters<typeof errorText>[0]) });
    }
  };

  return (
    <div className="cw-google-wallet">
      <button type="button" className="cw-wallet-badge" onClick={() => void onClick()} disabled={state.status === 'opening'} aria-label={t('googleWallet.addFor', { company })}>
        <img className="cw-wallet-badge-art" src={googleWalletBadgeArt(currentLocale())} alt={t('googleWallet.add')} />
      </button>
      {state.status === 'opening' ? <p className="cw-muted" role="status">{t('googleWallet.opening')}</p> : null}
      {state.status === 'failed' ? <p role="alert" className="cw-muted">{state.message}</p> : null}
    </div>
  );
}
