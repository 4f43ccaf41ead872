// Retry-After as services send it (RFC 9110 §10.2.3): seconds or an HTTP date, capped at an hour so a
// wrong or hostile header cannot park sends for days; and a host held until then.
import { createHostHolds, MAX_RETRY_AFTER_MS, retryAfterAt, retryAtOf, ServiceBusyError } from '../../../server/infra/retry-after';

const NOW = Date.parse('2026-11-27T12:00:00Z');

test('seconds and each HTTP date form name the moment to come back', () => {
  expect(retryAfterAt('120', NOW)).toBe(NOW + 120_000);
  expect(retryAfterAt(' 0 ', NOW)).toBe(NOW);
  expect(retryAfterAt('Fri, 27 Nov 2026 12:02:00 GMT', NOW)).toBe(NOW + 120_000);
  expect(retryAfterAt('Friday, 27-Nov-26 12:02:00 GMT', NOW)).toBe(NOW + 120_000);
  expect(retryAfterAt(['60'], NOW)).toBe(NOW + 60_000);
});

test('at most an hour ahead, never in the past, and nothing for a missing or malformed value', () => {
  expect(retryAfterAt('86400', NOW)).toBe(NOW + MAX_RETRY_AFTER_MS);
  expect(MAX_RETRY_AFTER_MS).toBe(60 * 60_000);
  expect(retryAfterAt('Fri, 27 Nov 2026 11:00:00 GMT', NOW)).toBe(NOW);
  for (const value of [undefined, null, '', '-5', '1.5', 'soon', '2026-11-27T12:02:00Z']) expect(retryAfterAt(value, NOW)).toBeUndefined();
});

test('a host is held until the latest moment it named, then free again', () => {
  let now = NOW;
  const holds = createHostHolds(() => now);
  holds.hold('push.example:443', NOW + 120_000);
  holds.hold('push.example:443', NOW + 60_000);
  expect(holds.heldUntil('push.example:443')).toBe(NOW + 120_000);
  expect(holds.heldUntil('other.example:443')).toBeUndefined();
  now = NOW + 120_000;
  expect(holds.heldUntil('push.example:443')).toBeUndefined();
});

test('the moment travels with the error to the job queue', () => {
  expect(retryAtOf(new ServiceBusyError('slow down', NOW))).toBe(NOW);
  expect(retryAtOf(new Error('plain'))).toBeUndefined();
  expect(retryAtOf('text')).toBeUndefined();
});
