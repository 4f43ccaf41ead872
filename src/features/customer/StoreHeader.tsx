// The store at the top of a customer screen: logo (or its initial) and name, then the reward text.
import type { CustomerReward, CustomerStore } from '../../api/contract/customer';
import { CUSTOMER_TEXT } from './texts';
import { initials } from '../../lib/initials';

export function StoreLogo({ store, size = 72 }: { store: CustomerStore; size?: number }) {
  if (store.logo) {
    return <img className="cw-logo" src={store.logo} alt={CUSTOMER_TEXT.logoAlt(store.company)} width={size} height={size} />;
  }
  return (
    <span className="cw-logo cw-logo--initial" style={{ width: size, height: size, fontSize: size * 0.42 }} aria-hidden="true">
      {store.company.trim() ? initials(store.company) : '★'}
    </span>
  );
}

export function StoreHeader({ store, reward }: { store: CustomerStore; reward?: CustomerReward | null }) {
  return (
    <header className="cw-store">
      <StoreLogo store={store} />
      {/* The name keeps its own direction on a right-to-left page ("3 Frères" must not read "Frères 3"). */}
      <h1 className="cw-store-name">
        <bdi>{store.company}</bdi>
      </h1>
      {reward ? (
        <p className={`cw-reward-text${reward.ended ? ' is-ended' : ''}`}>{reward.ended ? CUSTOMER_TEXT.rewardEnded : CUSTOMER_TEXT.rewardOffer(reward)}</p>
      ) : (
        <p className="cw-reward-text is-ended">{CUSTOMER_TEXT.noReward}</p>
      )}
    </header>
  );
}
