// /wallet — the customer's stamp cards across stores, with progress; a card opens its own view.
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import type { CustomerCard } from '../../api/contract/customer';
import { CUSTOMER_ROUTES } from '../../constants';
import { CUSTOMER_TEXT } from './texts';
import { useGetWalletQuery } from './api/hooks';
import { DeleteWallet } from './DeleteWallet';
import { readCustomerCredential } from './customerCredential';
import { errorStatus, errorText } from './customerErrors';
import { Notice } from './Notice';
import { ProfileForm } from './ProfileForm';
import { RecoverForm } from './RecoverForm';
import { StoreLogo } from './StoreHeader';
import { usePageTitle } from './usePageTitle';
import { AppleWalletBadge } from './AppleWalletBadge';
import './wallet.css';

// Only on servers that offer Google Wallet, and after the cards are on screen: the first script stays small.
const GoogleWalletBadge = lazy(() => import(/* webpackChunkName: "customer-google-wallet" */ './GoogleWalletBadge'));

function WalletCard({ card, googleWallet }: { card: CustomerCard; googleWallet: boolean }) {
  const filled = Math.min(card.stamps, card.required);
  const percent = card.required > 0 ? (filled / card.required) * 100 : 0;
  return (
    <li>
      <Link className={`cw-wallet-card${card.canClaim ? ' is-ready' : ''}`} to={CUSTOMER_ROUTES.card(card.id)}>
        <StoreLogo store={card.store} size={48} />
        <span className="cw-wallet-main">
          <span className="cw-wallet-name" dir="auto">
            {card.store.company}
          </span>
          <span className="cw-wallet-reward">{card.reward ? CUSTOMER_TEXT.rewardOffer(card.reward) : CUSTOMER_TEXT.noReward}</span>
          <span className="cw-bar cw-bar--small" role="progressbar" aria-valuemin={0} aria-valuemax={card.required} aria-valuenow={filled} aria-label={CUSTOMER_TEXT.progressLabel(filled, card.required)}>
            <span style={{ width: `${percent}%` }} />
          </span>
          {/* Stamps the store voided are never a silent change. */}
          {card.removedStamps ? <span className="cw-wallet-removed">{CUSTOMER_TEXT.removedByStore(card.removedStamps)}</span> : null}
        </span>
        <span className="cw-wallet-side">
          <span className="cw-wallet-count">{CUSTOMER_TEXT.progress(filled, card.required)}</span>
          {card.canClaim ? <span className="cw-chip">{CUSTOMER_TEXT.readyBadge}</span> : null}
        </span>
      </Link>
      <AppleWalletBadge cardId={card.id} />
      {googleWallet ? (
        <Suspense fallback={null}>
          <GoogleWalletBadge cardId={card.id} company={card.store.company} />
        </Suspense>
      ) : null}
    </li>
  );
}

function EmptyWallet() {
  return (
    <div className="cw-stack">
      <div className="cw-empty">
        <span className="cw-empty-art" aria-hidden="true" />
        <h2>{CUSTOMER_TEXT.walletEmptyTitle}</h2>
        <p>{CUSTOMER_TEXT.walletEmptyText}</p>
      </div>
      <RecoverForm startOpen />
    </div>
  );
}

export default function WalletPage() {
  usePageTitle(CUSTOMER_TEXT.walletTitle);
  const [deleted, setDeleted] = useState(false);
  const hasCredential = readCustomerCredential() !== null;
  const wallet = useGetWalletQuery({ skip: !hasCredential || deleted });

  let content;
  if (deleted) {
    content = (
      <div className="cw-stack">
        <Notice tone="success">
          <strong>{CUSTOMER_TEXT.deletedTitle}</strong> {CUSTOMER_TEXT.deletedText}
        </Notice>
      </div>
    );
  } else if (!hasCredential || errorStatus(wallet.error) === 401 || (wallet.isSuccess && wallet.data.cards.length === 0)) {
    content = <EmptyWallet />;
  } else if (wallet.isLoading) {
    content = <p className="cw-muted" role="status">{CUSTOMER_TEXT.walletLoading}</p>;
  } else if (wallet.isError) {
    content = (
      <div className="cw-stack">
        <Notice tone="error">{errorText(wallet.error)}</Notice>
        <button type="button" className="cw-btn cw-btn--primary" onClick={() => void wallet.refetch()}>
          {CUSTOMER_TEXT.retry}
        </button>
      </div>
    );
  } else {
    content = (
      <div className="cw-stack">
        <ul className="cw-wallet-list">
          {(wallet.data?.cards ?? []).map((card) => <WalletCard key={card.id} card={card} googleWallet={wallet.data?.googleWallet === true} />)}
        </ul>
        <ProfileForm />
        <RecoverForm />
        <DeleteWallet onDeleted={() => setDeleted(true)} />
      </div>
    );
  }

  return (
    <div className="cw-stack">
      <h1 className="cw-page-title">{CUSTOMER_TEXT.walletTitle}</h1>
      {content}
    </div>
  );
}
