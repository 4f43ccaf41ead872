// The signed-in store's currency (ISO 4217), for pages that show amounts outside Store Settings.
import { DEFAULT_CURRENCY } from '../../api/contract/limits';
import { useAppSelector } from '../../app/hooks';
import { selectVendorId } from '../session/sessionSlice';
import { useGetVendorQuery } from './vendorApi';

/** The store's currency; the default (US dollars) until the store profile has loaded. */
export function useStoreCurrency(): string {
  const vendorId = useAppSelector(selectVendorId);
  const { data } = useGetVendorQuery(vendorId ?? '', { skip: !vendorId });
  return data?.vendor.currency ?? DEFAULT_CURRENCY;
}
