// Where the scan page, a card and its recent claims show the full-screen reward-ready screen: one lazy chunk for
// all three (the screen, its clock and its styles), fetched when a full card is claimed, so the script a QR code
// opens stays small. Nothing shows until it is there; the counter reads the screen, not the moment it appears.
import { lazy, Suspense } from 'react';
import type { RewardReadyScreenProps } from './RewardReadyScreen';

const RewardReadyScreen = lazy(() =>
  import(/* webpackChunkName: "customer-reward-ready" */ './RewardReadyScreen').then((module) => ({ default: module.RewardReadyScreen })),
);

export function RewardReady(props: RewardReadyScreenProps) {
  return (
    <Suspense fallback={null}>
      <RewardReadyScreen {...props} />
    </Suspense>
  );
}
