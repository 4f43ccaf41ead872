// The vendor the store-settings tests edit, in the wire shape of GET /api/vendor/{id}.

export const VENDOR_ID = 'v-123';

export function vendorResponse(overrides: { items?: { _id: string; name: string; price: number | '' }[]; currency?: string; timeZone?: string | null } = {}) {
  return {
    vendor: {
      company: 'Corner Coffee',
      address: '1 Main Street',
      open_hours: 'Mon–Fri 7–18',
      website: 'corner.coffee',
      logo: '/images/logo-abc.png',
      banner: null,
      currency: overrides.currency ?? 'USD',
      timeZone: overrides.timeZone === undefined ? null : overrides.timeZone,
    },
    items: overrides.items ?? [
      { _id: 'i1', name: 'Flat White', price: 4.2 },
      { _id: 'i2', name: 'Tap Water', price: '' as const },
    ],
  };
}
