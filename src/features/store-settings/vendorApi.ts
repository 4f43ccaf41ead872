// Vendor profile and menu endpoints (SPEC.md §7 /api/vendor); the store-settings feature extends this.
import { api } from '../../api/apiSlice';
import type { VendorResponse } from '../../api/types';

export const vendorApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/vendor/{vendorId} (bearer): profile and menu items. */
    getVendor: build.query<VendorResponse, string>({
      query: (vendorId) => `/vendor/${encodeURIComponent(vendorId)}`,
      providesTags: (_result, _error, vendorId) => [{ type: 'Vendor', id: vendorId }, { type: 'Items', id: vendorId }],
    }),
  }),
});

export const { useGetVendorQuery } = vendorApi;
