// A minimal server-sent-events reader over a real HTTP connection (node:http), for the live-feed tests:
// it parses frames as EventSource would and lets a test wait for the next event or comment.
import http from 'node:http';

export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

export interface SseConnection {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Comment lines received so far (without the leading ': '). */
  comments: string[];
  /** Resolves with the next event (already received or still to come); rejects after `timeoutMs`. */
  next(timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ends the response. */
  ended: Promise<void>;
  close(): void;
}

/** `headers`: what the browser's EventSource adds, e.g. its own Accept-Language. */
export function openSse(url: string, headers: Record<string, string> = {}): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, headers: { accept: 'text/event-stream', ...headers } }, (response) => {
      const events: SseEvent[] = [];
      const comments: string[] = [];
      const waiting: ((event: SseEvent) => void)[] = [];
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const parsed: SseEvent = { event: 'message', data: '' };
          let isEvent = false;
          for (const line of frame.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('event: ')) { parsed.event = line.slice(7); isEvent = true; }
            else if (line.startsWith('data: ')) { parsed.data += line.slice(6); isEvent = true; }
            else if (line.startsWith('id: ')) parsed.id = line.slice(4);
          }
          if (!isEvent) continue;
          const waiter = waiting.shift();
          if (waiter) waiter(parsed);
          else events.push(parsed);
        }
      });
      const ended = new Promise<void>((done) => {
        response.on('end', done);
        response.on('close', done);
      });
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        comments,
        ended,
        next(timeoutMs = 2000) {
          const ready = events.shift();
          if (ready) return Promise.resolve(ready);
          return new Promise((resolveEvent, rejectEvent) => {
            const timer = setTimeout(() => {
              const index = waiting.indexOf(deliver);
              if (index >= 0) waiting.splice(index, 1);
              rejectEvent(new Error(`no event within ${timeoutMs} ms`));
            }, timeoutMs);
            const deliver = (event: SseEvent) => {
              clearTimeout(timer);
              resolveEvent(event);
            };
            waiting.push(deliver);
          });
        },
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}
