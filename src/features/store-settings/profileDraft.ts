// The editable part of the store profile, as the Setup tab holds it until Save.
import type { VendorProfile } from '../../api/contract/vendor';
import { DEFAULT_CURRENCY } from '../../api/contract/limits';
import { browserTimeZone } from '../../lib/timeZones';

export interface ProfileDraft {
  company: string;
  address: string;
  open_hours: string;
  website: string;
  /** ISO 4217 code of the store's currency. */
  currency: string;
  /** IANA name of the store's time zone. */
  timeZone: string;
}

export function draftFromVendor(vendor: VendorProfile | undefined): ProfileDraft {
  return {
    company: vendor?.company ?? '',
    address: vendor?.address ?? '',
    open_hours: vendor?.open_hours ?? '',
    website: vendor?.website ?? '',
    currency: vendor?.currency ?? DEFAULT_CURRENCY,
    // A store that never chose one is where the browser is: the first save stores it.
    timeZone: vendor?.timeZone ?? browserTimeZone(),
  };
}

export { websiteHref } from '../../lib/websiteHref';
