// A Reward Activity row's tag: a bonus stamp (the extra stamp a bonus-stamps campaign gave) is marked.
import { toActivityRow } from '../../../../src/features/rewards/useRewardActivity';

describe('toActivityRow', () => {
  it('marks a bonus stamp as bonus beside its place on the card, and leaves a plain stamp as it is', () => {
    const stamp = { id: 'e1', type: 'stamp' as const, customer: 'Ana', date: Date.parse('2026-11-22T10:00:00Z'), reward: 'Flat White', stamps: 3, required: 10 };
    expect(toActivityRow({ ...stamp, bonus: true }).tag).toBe(`${toActivityRow(stamp).tag} · Bonus`);
    expect(toActivityRow(stamp).tag).not.toContain('Bonus');
  });
});
