// /wallet/:cardId — one stamp card: progress, claiming a full card, and the latest rewards claimed.
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { RedemptionDto } from '../../api/contract/customer';
import { CUSTOMER_ROUTES } from '../../constants';
import { CUSTOMER_TEXT, SHOW_AGAIN_WINDOW_MS } from './texts';
import { CardPanel } from './CardPanel';
import { useGetCustomerCardQuery } from './api/hooks';
import { readCustomerCredential } from './customerCredential';
import { errorText } from './customerErrors';
import { formatShortDateTime } from '../../lib/format';
import { Notice } from './Notice';
import { RewardReady } from './RewardReady';
import { usePageTitle } from './usePageTitle';
import { AppleWalletBadge } from './AppleWalletBadge';
import './wallet.css';
import { CampaignMessagesSwitch } from './CampaignSettings';
import { browserSupportsPush } from './webPushSupport';

// Only on servers that offer Google Wallet, and after the card is on screen: the first script stays small.
const GoogleWalletBadge = lazy(() => import(/* webpackChunkName: "customer-google-wallet" */ './GoogleWalletBadge'));
// Loaded only while an offer runs: the customer pages stay under their script budget.
const OfferList = lazy(() => import(/* webpackChunkName: "customer-offers" */ './OfferList'));
// Only where the browser can take push, and after the card is on screen.
const WebPushSwitch = lazy(() => import(/* webpackChunkName: "customer-web-push" */ './WebPushSwitch'));

function BackLink() {
  return (
    <Link className="cw-btn cw-btn--secondary" to={CUSTOMER_ROUTES.wallet}>
      {CUSTOMER_TEXT.backToWallet}
    </Link>
  );
}

function RecentClaims({ redemptions, now, onShow }: { redemptions: RedemptionDto[]; now: number; onShow: (r: RedemptionDto) => void }) {
  if (redemptions.length === 0) return null;
  const [latest] = redemptions;
  const recent = now - latest.claimedAt < SHOW_AGAIN_WINDOW_MS;
  return (
    <section className="cw-claims" aria-labelledby="cw-claims-title">
      <h2 id="cw-claims-title">{CUSTOMER_TEXT.recentClaims}</h2>
      <ul>
        {redemptions.map((r) => (
          <li key={r.id}>
            <span>{r.rewardLabel}</span>
            <span className="cw-muted">{CUSTOMER_TEXT.claimedOn(formatShortDateTime(r.claimedAt))}</span>
          </li>
        ))}
      </ul>
      {recent ? (
        <button type="button" className="cw-btn cw-btn--secondary" onClick={() => onShow(latest)}>
          {CUSTOMER_TEXT.showAgain}
        </button>
      ) : null}
    </section>
  );
}

export default function CardPage() {
  const { cardId = '' } = useParams();
  const hasCredential = readCustomerCredential() !== null;
  const result = useGetCustomerCardQuery(cardId, { skip: !hasCredential });
  const [shown, setShown] = useState<RedemptionDto | null>(null);
  usePageTitle(result.data?.card.store.company);

  if (!hasCredential) {
    return (
      <div className="cw-stack">
        <Notice tone="warning">{CUSTOMER_TEXT.notFoundCard}</Notice>
        <BackLink />
      </div>
    );
  }
  if (result.isLoading) return <p className="cw-muted" role="status">{CUSTOMER_TEXT.walletLoading}</p>;
  if (!result.data) {
    return (
      <div className="cw-stack">
        <Notice tone="error">{errorText(result.error)}</Notice>
        <BackLink />
      </div>
    );
  }
  return (
    <div className="cw-stack">
      <CardPanel card={result.data.card}>
        {browserSupportsPush() ? (
          <Suspense fallback={null}>
            <WebPushSwitch cardId={result.data.card.id} company={result.data.card.store.company} />
          </Suspense>
        ) : null}
        <RecentClaims redemptions={result.data.redemptions} now={Date.now()} onShow={setShown} />
        <AppleWalletBadge cardId={result.data.card.id} />
        {result.data.googleWallet ? (
          <Suspense fallback={null}>
            <GoogleWalletBadge cardId={result.data.card.id} company={result.data.card.store.company} />
          </Suspense>
        ) : null}
        <CampaignMessagesSwitch cardId={result.data.card.id} company={result.data.card.store.company} />
        <BackLink />
      </CardPanel>
      {result.data.offers ? (
        <Suspense fallback={null}>
          <OfferList offers={result.data.offers} />
        </Suspense>
      ) : null}
      {shown ? <RewardReady redemption={shown} onDone={() => setShown(null)} /> : null}
    </div>
  );
}
