// The server-sent-events writer: headers that stop buffering, event framing, the 15-second heartbeat,
// a single cleanup however the stream ends, and an end to a feed whose reader stopped reading.
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { HEARTBEAT_MS, MAX_UNSENT_BYTES, openEventStream } from '../../../server/infra/event-stream';

/** The part of a ServerResponse the writer touches, recording what was written. */
function fakeResponse() {
  const emitter = new EventEmitter();
  const response = Object.assign(emitter, {
    status: 0,
    headers: {} as Record<string, string>,
    written: [] as string[],
    writableEnded: false,
    destroyed: false,
    /** Bytes written that the reader has not taken yet (see `reading`). */
    writableLength: 0,
    /** false: a reader that stopped reading, so everything written stays buffered. */
    reading: true,
    socket: { setNoDelay: jest.fn() },
    writeHead(status: number, headers: Record<string, string>) {
      response.status = status;
      response.headers = headers;
      return response;
    },
    write(chunk: string) {
      response.written.push(chunk);
      if (!response.reading) response.writableLength += Buffer.byteLength(chunk);
      return response.reading;
    },
    destroy() {
      response.destroyed = true;
      response.writableLength = 0;
      emitter.emit('close');
    },
    end() {
      response.writableEnded = true;
      emitter.emit('close');
    },
  });
  return response;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('openEventStream', () => {
  it('answers 200 text/event-stream, uncached and unbuffered, and flushes at once', () => {
    const raw = fakeResponse();
    openEventStream(raw as unknown as ServerResponse);
    expect(raw.status).toBe(200);
    expect(raw.headers).toMatchObject({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
    });
    expect(raw.written).toEqual([': connected\n\n']);
  });

  it('frames events with their id and JSON data on one line', () => {
    const raw = fakeResponse();
    const stream = openEventStream(raw as unknown as ServerResponse);
    stream.send('activity', { text: 'two\nlines' }, 'evt-1');
    expect(raw.written[1]).toBe('id: evt-1\nevent: activity\ndata: {"text":"two\\nlines"}\n\n');
  });

  it('sends a heartbeat comment every 15 seconds, and stops when the client leaves', () => {
    const raw = fakeResponse();
    const stream = openEventStream(raw as unknown as ServerResponse);
    const closed = jest.fn();
    stream.onClose(closed);
    jest.advanceTimersByTime(HEARTBEAT_MS - 1);
    expect(raw.written).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(raw.written[1]).toBe(': heartbeat\n\n');
    jest.advanceTimersByTime(HEARTBEAT_MS);
    expect(raw.written).toHaveLength(3);

    raw.emit('close');
    expect(closed).toHaveBeenCalledTimes(1);
    expect(stream.closed).toBe(true);
    jest.advanceTimersByTime(5 * HEARTBEAT_MS);
    stream.send('activity', {});
    expect(raw.written).toHaveLength(3);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('cleans up once when the server ends the stream', () => {
    const raw = fakeResponse();
    const stream = openEventStream(raw as unknown as ServerResponse);
    const closed = jest.fn();
    stream.onClose(closed);
    stream.close();
    stream.close();
    expect(raw.writableEnded).toBe(true);
    expect(closed).toHaveBeenCalledTimes(1);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('ends a feed whose reader stopped reading once 1 MB waits for it, instead of holding every later line', () => {
    const raw = fakeResponse();
    raw.reading = false;
    const stream = openEventStream(raw as unknown as ServerResponse);
    const closed = jest.fn();
    stream.onClose(closed);
    const line = { text: 'x'.repeat(1000) };
    for (let i = 0; i < 5000; i += 1) stream.send('activity', line);
    expect(raw.destroyed).toBe(true);
    expect(closed).toHaveBeenCalledTimes(1);
    expect(stream.closed).toBe(true);
    // About 1 MB of lines went out before the end; the other 4 MB were never written.
    const sentBytes = raw.written.reduce((sum, chunk) => sum + Buffer.byteLength(chunk), 0);
    expect(sentBytes).toBeGreaterThan(MAX_UNSENT_BYTES);
    expect(sentBytes).toBeLessThan(MAX_UNSENT_BYTES + 10_000);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('keeps a feed whose reader keeps up, however much it sends', () => {
    const raw = fakeResponse();
    const stream = openEventStream(raw as unknown as ServerResponse);
    for (let i = 0; i < 5000; i += 1) stream.send('activity', { text: 'x'.repeat(1000) });
    expect(stream.closed).toBe(false);
    expect(raw.destroyed).toBe(false);
    stream.close();
  });
});
