// The editable part of the store profile, as the Setup tab holds it until Save.
import type { VendorProfile } from '../../api/contract/vendor';

export interface ProfileDraft {
  company: string;
  address: string;
  open_hours: string;
  website: string;
}

export function draftFromVendor(vendor: VendorProfile | undefined): ProfileDraft {
  return {
    company: vendor?.company ?? '',
    address: vendor?.address ?? '',
    open_hours: vendor?.open_hours ?? '',
    website: vendor?.website ?? '',
  };
}

export { websiteHref } from '../../lib/websiteHref';
