import { timeOrderedId } from '../../../server/infra/time-ordered-id';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('time-ordered ids', () => {
  it('are version 7 UUIDs that sort by their time, and by their sequence within one millisecond', () => {
    const at = Date.UTC(2026, 10, 26, 12);
    const ids = [...Array.from({ length: 5000 }, (_, i) => timeOrderedId(at, i)), timeOrderedId(at + 1), timeOrderedId(at + 1000, 0)];
    expect(ids.every((id) => UUID_V7.test(id))).toBe(true);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('differ when two servers make the same time and sequence', () => {
    expect(timeOrderedId(1_000, 7)).not.toBe(timeOrderedId(1_000, 7));
  });
});
