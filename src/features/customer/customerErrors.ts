// Turns the customer endpoints' errors into what the page shows.
import type { ScanRefusal } from '../../api/contract/customer';
import { CUSTOMER_TEXT } from './texts';
import type { CustomerApiError } from './api/client';

type QueryError = CustomerApiError | undefined;

/** The server's JSON body of a 4xx/5xx answer, or null for network failures and the like. */
export function errorBody(error: QueryError): ScanRefusal | null {
  if (!error || typeof error.status !== 'number') return null;
  const data = error.data as Partial<ScanRefusal> | undefined;
  return data && typeof data.error === 'string' ? (data as ScanRefusal) : null;
}

export function errorStatus(error: QueryError): number | null {
  return error && typeof error.status === 'number' ? error.status : null;
}

/** The server's message, or a plain sentence for a request that never got an answer. */
export function errorText(error: QueryError): string {
  const body = errorBody(error);
  if (body) return body.error;
  if (error && error.status === 'FETCH_ERROR') return CUSTOMER_TEXT.networkError;
  return CUSTOMER_TEXT.genericError;
}
