// Turns RTK Query errors of the customer endpoints into what the page shows.
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { ScanRefusal } from '../../api/contract/customer';
import { CUSTOMER_TEXT } from '../../constants';

type QueryError = FetchBaseQueryError | SerializedError | undefined;

/** The server's JSON body of a 4xx/5xx answer, or null for network failures and the like. */
export function errorBody(error: QueryError): ScanRefusal | null {
  if (!error || !('status' in error) || typeof error.status !== 'number') return null;
  const data = error.data as Partial<ScanRefusal> | undefined;
  return data && typeof data.error === 'string' ? (data as ScanRefusal) : null;
}

export function errorStatus(error: QueryError): number | null {
  return error && 'status' in error && typeof error.status === 'number' ? error.status : null;
}

/** The server's message, or a plain sentence for a request that never got an answer. */
export function errorText(error: QueryError): string {
  const body = errorBody(error);
  if (body) return body.error;
  if (error && 'status' in error && (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR')) return CUSTOMER_TEXT.networkError;
  return CUSTOMER_TEXT.genericError;
}
