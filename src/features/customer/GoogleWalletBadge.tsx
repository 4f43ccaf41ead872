// "Add to Google Wallet": the badge as Google's brand guidelines draw it (a black pill, the wallet mark,
// the words in white), loaded only on servers that offer Google Wallet. A tap asks the server for the
// card's save link, which the server makes only then; the phone then opens Google Wallet with it.
import { useState } from 'react';
import { customerClient } from './api/client';
import { errorText } from './customerErrors';
import { t } from '../../i18n/texts';

const badgeStyle = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: 8,
  minHeight: 44,
  padding: '0 16px',
  border: '1px solid #747775',
  borderRadius: 22,
  background: '#1f1f1f',
  color: '#fff',
  font: '500 14px/1 system-ui, sans-serif',
  cursor: 'pointer',
} as const;

/** The wallet mark: the card stack in Google's four colours. */
function WalletMark() {
  return (
    <svg width="22" height="18" viewBox="0 0 22 18" aria-hidden="true" focusable="false">
      <rect x="1" y="0" width="20" height="9" rx="3" fill="#4285f4" />
      <rect x="1" y="3" width="20" height="9" rx="3" fill="#34a853" />
      <rect x="1" y="6" width="20" height="9" rx="3" fill="#fbbc04" />
      <path d="M1 10h6.5a3.5 3.5 0 0 0 7 0H21v5a3 3 0 0 1-3 3H4a3 3 0 0 1-3-3z" fill="#ea4335" />
    </svg>
  );
}

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
      <button type="button" style={badgeStyle} onClick={() => void onClick()} disabled={state.status === 'opening'} aria-label={t('googleWallet.addFor', { company })}>
        <WalletMark />
        <span>{state.status === 'opening' ? t('googleWallet.opening') : t('googleWallet.add')}</span>
      </button>
      {state.status === 'failed' ? <p role="alert" className="cw-muted">{state.message}</p> : null}
    </div>
  );
}
