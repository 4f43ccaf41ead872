// Holds the vendor's one live connection while the calling component is mounted. The vendor
// layout calls it, so every signed-in vendor page keeps its dashboard, Reward Activity and outstanding
// rewards current; components that call it too share the same stream.
import { useEffect } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { feedOpened, feedReleased } from './activityFeedSlice';

export function useVendorLiveConnection(vendorId: string | null | undefined): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!vendorId) return;
    dispatch(feedOpened({ vendorId }));
    return () => {
      dispatch(feedReleased());
    };
  }, [dispatch, vendorId]);
}
