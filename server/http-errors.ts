// Errors a route or service throws to answer a client: `{ error }` JSON with this status.
import { text, type ServerMessageId, type ServerTextValues } from './infra/texts';

export interface FieldProblem {
  field: string;
  message: string;
}

/** A catalogue sentence: the answer carries it in the language the request asks for (Accept-Language). */
export interface ErrorText {
  id: ServerMessageId;
  values?: ServerTextValues;
}

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    /** English: what logs and server code read. */
    message: string,
    readonly details?: FieldProblem[],
    /** A machine-readable reason the client acts on (a 401's SessionEndReason). */
    readonly reason?: string,
    /** The sentence to answer in the reader's language; without it the English message is answered. */
    readonly text?: ErrorText,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, details?: FieldProblem[]) => new HttpError(400, message, details);
export const unauthorized = (message = 'Sign in to continue.', reason?: string) => new HttpError(401, message, undefined, reason);
export const forbidden = (message = 'You can only access your own store.') => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const payloadTooLarge = (message: string) => new HttpError(413, message);
export const unsupportedMediaType = (message: string) => new HttpError(415, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);

/** An answer whose sentence comes from the catalogue, in the request's language. */
export function textError(statusCode: number, id: ServerMessageId, values?: ServerTextValues, details?: FieldProblem[]): HttpError {
  return new HttpError(statusCode, text('en', id, values), details, undefined, { id, values });
}
