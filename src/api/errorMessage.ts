// The one place that turns a failed call into words a vendor can act on (no save fails silently).
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** The HTTP status of a failed RTK Query call, or null when the server was not reached. */
export function httpStatusOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('status' in error)) return null;
  const failure = error as FetchBaseQueryError;
  if (typeof failure.status === 'number') return failure.status;
  return 'originalStatus' in failure && typeof failure.originalStatus === 'number' ? failure.originalStatus : null;
}

/**
 * The server's own explanation ({ error: "Logo must be PNG, JPEG or WebP." }) when it sent one, else
 * `fallback` (network down, a proxy's HTML page, a 5xx without a body).
 */
export function serverErrorMessage(error: unknown, fallback: string): string {
  const data = errorBodyOf(error);
  const text = typeof data === 'object' && data !== null && 'error' in data ? (data as { error?: unknown }).error : undefined;
  const status = httpStatusOf(error);
  // A 5xx message describes the server's trouble in its own terms; the fallback reads better.
  if (typeof text === 'string' && text.trim() && (status === null || status < 500)) return text.trim();
  return fallback;
}

/** The `reason` the server gave with a refusal ("mail-unavailable"), or null. */
export function serverErrorReason(error: unknown): string | null {
  const data = errorBodyOf(error);
  const reason = typeof data === 'object' && data !== null && 'reason' in data ? (data as { reason?: unknown }).reason : undefined;
  return typeof reason === 'string' ? reason : null;
}

function errorBodyOf(error: unknown): unknown {
  const raw = typeof error === 'object' && error !== null && 'data' in error ? (error as { data?: unknown }).data : undefined;
  // Endpoints that read their answer as text (registration) hold the JSON error body as a string.
  return typeof raw === 'string' ? parseJson(raw) : raw;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
