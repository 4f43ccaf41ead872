// The store's customer list (keyset pages), on the one api slice.
import { api } from '../../api/apiSlice';
import type { CustomerListFilter, CustomerListResponse, CustomerListSort, CustomerSearchResponse, SortOrder } from '../../api/contract/customers';

export interface CustomerListArgs {
  vendorId: string;
  filter: CustomerListFilter;
  sort: CustomerListSort;
  order: SortOrder;
  minVisits: number;
  limit: number;
  /** The previous page's `next`, or undefined for the first page. */
  after?: string;
}

export const customersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/customers/{vendorId}?filter=&sort=&order=&minVisits=&limit=&after= (bearer). */
    getCustomers: build.query<CustomerListResponse, CustomerListArgs>({
      query: ({ vendorId, ...params }) => ({
        url: `/customers/${encodeURIComponent(vendorId)}`,
        params: Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)),
      }),
      // A new stamp or claim changes visits and counts: the list reloads with the activity.
      providesTags: (_result, _error, { vendorId }) => [{ type: 'Activity', id: vendorId }],
    }),
    /** GET /api/customers/{vendorId}/search?q= (bearer): the top bar's customer search. */
    searchCustomers: build.query<CustomerSearchResponse, { vendorId: string; q: string }>({
      query: ({ vendorId, q }) => ({ url: `/customers/${encodeURIComponent(vendorId)}/search`, params: { q } }),
      providesTags: (_result, _error, { vendorId }) => [{ type: 'Activity', id: vendorId }],
      // A search typed a minute ago is not worth keeping: the owner types on.
      keepUnusedDataFor: 60,
    }),
  }),
});

export const { useGetCustomersQuery, useSearchCustomersQuery } = customersApi;
