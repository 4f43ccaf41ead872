// Single-use tickets (the live feed's, the Apple pass link's) on servers sharing one database whose clocks
// disagree: one server's clock an hour ahead (a wrong clock, or a step forward before NTP corrects it) must not
// let a ticket spent on another server open again there while its own clock still calls it unexpired.
import { spendTicket, type SpendableTicket } from '../../../server/services/single-use-tickets';
import { buildTestApp, type TestApp } from '../helpers';

const HOUR_MS = 60 * 60 * 1000;

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('spendTicket', () => {
  test('a ticket is spent once, from any network', async () => {
    const ticket: SpendableTicket = { purpose: 'activity-stream', mac: 'mac-once', expiresAt: t.clock.now() + 60_000 };
    expect(await spendTicket(t.deps, ticket, 'net-a')).toBe('first');
    expect(await spendTicket(t.deps, ticket, 'net-a')).toBe('spent');
    expect(await spendTicket(t.deps, ticket, 'net-b')).toBe('spent');
  });

  test('a ticket spent on one server stays spent after a server whose clock is an hour ahead spends another', async () => {
    const ticket: SpendableTicket = { purpose: 'activity-stream', mac: 'mac-skew', expiresAt: t.clock.now() + 60_000 };
    expect(await spendTicket(t.deps, ticket, 'net-a')).toBe('first');

    const ahead = { ...t.deps, now: () => t.clock.now() + HOUR_MS };
    expect(await spendTicket(ahead, { purpose: 'apple-pass-download', mac: 'mac-other', expiresAt: ahead.now() + 60_000 }, 'net-b')).toBe('first');

    // Still within its minute on the first server's clock: the copy of the URL opens nothing.
    expect(await spendTicket(t.deps, ticket, 'net-a')).toBe('spent');
    expect(await spendTicket(t.deps, ticket, 'net-c')).toBe('spent');
  });
});
