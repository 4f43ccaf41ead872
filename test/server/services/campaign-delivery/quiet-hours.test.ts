// Quiet hours on the store's own clock: 21:00–08:00 where the store is, summer time included.
import { sendableAt } from '../../../../server/services/campaign-delivery/quiet-hours';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe('sendableAt', () => {
  it('holds a message due at 21:30 in Paris until 08:00 in Paris, while the same moment in a UTC store is daytime', () => {
    const moment = at('2026-11-23T20:30:00Z');
    expect(iso(sendableAt(moment, 'Europe/Paris'))).toBe('2026-11-24T07:00:00.000Z');
    expect(sendableAt(moment, 'UTC')).toBe(moment);
  });

  it('lets a message due at 07:30 UTC (08:30 in Paris) go in Paris, and holds it in New York (02:30 there) until 08:00 there', () => {
    const moment = at('2026-11-24T07:30:00Z');
    expect(sendableAt(moment, 'Europe/Paris')).toBe(moment);
    expect(iso(sendableAt(moment, 'America/New_York'))).toBe('2026-11-24T13:00:00.000Z');
  });

  it('treats a store without a time zone, or with one this server does not know, as UTC', () => {
    const moment = at('2026-11-23T21:30:00Z');
    expect(iso(sendableAt(moment, null))).toBe('2026-11-24T08:00:00.000Z');
    expect(iso(sendableAt(moment, 'Mars/Olympus_Mons'))).toBe('2026-11-24T08:00:00.000Z');
  });

  it('waits for 08:00 summer time on the night the clocks go forward (06:00 UTC), and 08:00 winter time on the night they go back (07:00 UTC)', () => {
    expect(iso(sendableAt(at('2027-03-27T21:00:00Z'), 'Europe/Paris'))).toBe('2027-03-28T06:00:00.000Z');
    expect(iso(sendableAt(at('2026-10-24T20:00:00Z'), 'Europe/Paris'))).toBe('2026-10-25T07:00:00.000Z');
  });
});
