// POSTs a FormData with XMLHttpRequest, because fetch cannot report upload progress (STYLE.md habit 5).
// The answer has the shape of an RTK Query queryFn result, so an endpoint can return it as is.
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

export interface PostFormOptions {
  url: string;
  form: FormData;
  /** Sent as `Authorization: Bearer <token>` when present. */
  token: string | null;
  /** Called with whole percents, only when the number grows. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

export type PostFormResult<T> = { data: T } | { error: FetchBaseQueryError };

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function postFormWithProgress<T>({ url, form, token, onProgress, signal }: PostFormOptions): Promise<PostFormResult<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');

    let lastPercent = -1;
    xhr.upload.addEventListener('progress', (event) => {
      if (!event.lengthComputable || event.total === 0) return;
      const percent = Math.floor((event.loaded / event.total) * 100);
      if (percent > lastPercent) {
        lastPercent = percent;
        onProgress?.(percent);
      }
    });
    xhr.addEventListener('load', () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve({ data: body as T });
      else resolve({ error: { status: xhr.status, data: body } });
    });
    xhr.addEventListener('error', () => resolve({ error: { status: 'FETCH_ERROR', error: 'Network error during upload' } }));
    xhr.addEventListener('timeout', () => resolve({ error: { status: 'TIMEOUT_ERROR', error: 'Upload timed out' } }));
    xhr.addEventListener('abort', () => resolve({ error: { status: 'FETCH_ERROR', error: 'Upload aborted' } }));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    xhr.send(form);
  });
}
