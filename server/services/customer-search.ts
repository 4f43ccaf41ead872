// The top bar's search for a customer of the signed-in store: by name, e-mail or the label the store
// knows an anonymous customer by ("Customer #27"). Names read as everywhere else (customerLabel).
import type { CustomerSearchResponse } from '../../src/api/contract/customers';
import { CUSTOMER_SEARCH_RESULTS } from '../../src/api/contract/limits';
import type { AppDeps } from '../deps';
import { searchStoreCustomers } from '../repositories/customer-search';
import { customerLabel, opaqueKey } from './activity';
import { DEFAULT_LOCALE, type Locale } from '../../src/api/contract/locales';

/** "27", "#27", "Customer #27", "customer 27": the customer number 27. */
export function customerNumberIn(text: string): number | null {
  const match = /^(?:customer\s*)?#?\s*(\d{1,9})$/i.exec(text.trim());
  return match ? Number(match[1]) : null;
}

export async function searchCustomers(deps: Pick<AppDeps, 'db'>, vendorId: string, query: string, locale: Locale = DEFAULT_LOCALE): Promise<CustomerSearchResponse> {
  const text = query.trim().replace(/\s+/g, ' ').toLowerCase();
  if (text === '') return { customers: [] };
  const rows = await searchStoreCustomers(deps.db.kysely, { vendorId, text, number: customerNumberIn(text), limit: CUSTOMER_SEARCH_RESULTS });
  return {
    customers: rows.map((row) => ({
      key: opaqueKey(row.customer_id),
      name: customerLabel(row.customer_id, row.display_name, { customerNumber: row.customer_number }, locale),
      email: row.email,
      visits: row.visits,
      stamps: row.stamps,
      lastVisit: row.last_stamp_at,
    })),
  };
}
