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

/** Website as a link target: vendors often type "corner.coffee" without the scheme. */
export function websiteHref(website: string): string | null {
  const text = website.trim();
  if (!text) return null;
  const withScheme = /^https?:\/\//i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
