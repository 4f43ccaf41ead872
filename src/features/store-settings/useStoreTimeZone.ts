// The store's time zone, in which every vendor screen shows its times (docs/time-zones.md): the exports and the
// store's days use it, so the feed, the customer detail and the activity must too, whatever the browser's clock.
import { createContext, useContext } from 'react';
import { useAppSelector } from '../../app/hooks';
import { selectVendorId } from '../session/sessionSlice';
import { useGetVendorQuery } from './vendorApi';

/**
 * Given by a screen that knows its store's zone without a vendor session (a paired counter screen, from its
 * device token's store); undefined elsewhere, where the signed-in store's profile says.
 */
export const StoreTimeZoneContext = createContext<string | null | undefined>(undefined);

/** The store's IANA zone; null for a store without one, or until its profile has loaded (the browser's zone then). */
export function useStoreTimeZone(): string | null {
  const fromScreen = useContext(StoreTimeZoneContext);
  const vendorId = useAppSelector(selectVendorId);
  const { data } = useGetVendorQuery(vendorId ?? '', { skip: !vendorId || fromScreen !== undefined });
  return fromScreen !== undefined ? fromScreen : (data?.vendor.timeZone ?? null);
}
