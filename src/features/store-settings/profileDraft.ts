// The editable part of the store profile, as the Setup tab holds it until Save.
import type { VendorProfile } from '../../api/contract/vendor';
import { DEFAULT_CURRENCY } from '../../api/contract/limits';

export interface ProfileDraft {
  company: string;
  address: string;
  open_hours: string;
  website: string;
  /** ISO 4217 code of the store's currency. */
  currency: string;
}

export function draftFromVendor(vendor: VendorProfile | undefined): ProfileDraft {
  return {
    company: vendor?.company ?? '',
    address: vendor?.address ?? '',
    open_hours: vendor?.open_hours ?? '',
    website: vendor?.website ?? '',
    currency: vendor?.currency ?? DEFAULT_CURRENCY,
  };
}

export { websiteHref } from '../../lib/websiteHref';
