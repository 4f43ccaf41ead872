// Where the card and wallet pages put "Add to Apple Wallet": one lazy import for both, so the badge's
// code is its own chunk (most phones never show it: a server without Apple Wallet) and the entry stays small.
import { lazy, Suspense } from 'react';

const AddToAppleWallet = lazy(() => import(/* webpackChunkName: "customer-apple-wallet" */ './AddToAppleWallet'));

export function AppleWalletBadge({ cardId }: { cardId: string }) {
  return (
    <Suspense fallback={null}>
      <AddToAppleWallet cardId={cardId} />
    </Suspense>
  );
}
