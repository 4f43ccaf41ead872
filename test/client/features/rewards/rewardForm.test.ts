// The reward form's rules and the Live Preview's arithmetic, as pure functions.
import dayjs from 'dayjs';
import { OTHER_ITEM_VALUE } from '../../../../src/constants';
import {
  clampPunches,
  isExpiryInPast,
  stampPreview,
  toFormValues,
  toRewardPayload,
  validateRewardForm,
  type RewardFormValues,
} from '../../../../src/features/rewards/rewardForm';

const valid: RewardFormValues = { stamps: 10, item: 'latte', itemCustom: '', expiry: dayjs('2027-06-30') };

describe('clampPunches', () => {
  it.each([
    [0, 1],
    [-5, 1],
    [150, 100],
    [100, 100],
    [1, 1],
    ['abc', 1],
    ['', 1],
    ['   ', 1],
    [null, 1],
    ['12', 12],
    [' 12 ', 12],
    ['1e3', 100],
    ['12abc', 1],
    // Decided: fractions round to the nearest whole number.
    [7.6, 8],
    ['7.6', 8],
    [7.4, 7],
    [0.4, 1],
  ])('%p becomes %p', (raw, expected) => {
    expect(clampPunches(raw)).toBe(expected);
  });
});

describe('validateRewardForm', () => {
  it('accepts a complete setup', () => {
    expect(validateRewardForm(valid)).toEqual({});
  });

  it.each<[string, Partial<RewardFormValues>, Record<string, string>]>([
    ['punches below 1', { stamps: '0' }, { stamps: 'Punches required must be at least 1' }],
    ['punches empty', { stamps: '' }, { stamps: 'Punches required must be at least 1' }],
    ['punches not a number', { stamps: 'abc' }, { stamps: 'Punches required must be at least 1' }],
    ['no expiry date', { expiry: null }, { expiry: 'Expiration date is required' }],
    ['no qualifying item', { item: undefined }, { item: 'Please select a qualifying item' }],
    ['Other with blank text', { item: OTHER_ITEM_VALUE, itemCustom: '   ' }, { itemCustom: 'Please specify the qualifying item' }],
  ])('reports the validation message for %s', (_label, change, errors) => {
    expect(validateRewardForm({ ...valid, ...change })).toEqual(errors);
  });

  it('accepts Other with text', () => {
    expect(validateRewardForm({ ...valid, item: OTHER_ITEM_VALUE, itemCustom: 'Any pastry' })).toEqual({});
  });
});

describe('toRewardPayload', () => {
  it('sends exactly stamps, item, itemCustom and expiry', () => {
    expect(toRewardPayload({ ...valid, stamps: '7.6' })).toEqual({ stamps: 8, item: 'latte', itemCustom: null, expiry: '2027-06-30' });
  });

  it("sends item null and the trimmed text for 'Other'", () => {
    expect(toRewardPayload({ ...valid, item: OTHER_ITEM_VALUE, itemCustom: '  Any pastry ' })).toEqual({
      stamps: 10, item: null, itemCustom: 'Any pastry', expiry: '2027-06-30',
    });
  });
});

describe('toFormValues', () => {
  const items = [{ _id: 'latte', name: 'Latte' }];

  it("starts from the default reward when nothing loaded, its expiry while still ahead", () => {
    const values = toFormValues(undefined, dayjs('2025-06-01'));
    expect(values).toMatchObject({ stamps: 10, item: undefined, itemCustom: '' });
    expect(values.expiry?.format('YYYY-MM-DD')).toBe('2025-12-31');
  });

  it('proposes an expiry one year from today once the default 2025-12-31 has passed, for an unsaved reward only', () => {
    const today = dayjs('2026-11-22');
    expect(toFormValues(undefined, today).expiry?.format('YYYY-MM-DD')).toBe('2027-11-22');
    const unsaved = { reward: { stamps: 10, item: null, itemCustom: null, expiry: '2025-12-31' }, items };
    expect(toFormValues(unsaved, today).expiry?.format('YYYY-MM-DD')).toBe('2027-11-22');
    // A reward the vendor saved keeps its own date, even a past one (the form warns about it instead).
    const saved = { reward: { stamps: 10, item: 'latte', itemCustom: null, expiry: '2025-12-31' }, items };
    expect(toFormValues(saved, today).expiry?.format('YYYY-MM-DD')).toBe('2025-12-31');
  });

  it("selects the saved item, or 'Other' for custom text", () => {
    expect(toFormValues({ reward: { stamps: 5, item: 'latte', itemCustom: null, expiry: '2027-01-02' }, items }).item).toBe('latte');
    expect(toFormValues({ reward: { stamps: 5, item: null, itemCustom: 'Tea', expiry: '2027-01-02' }, items })).toMatchObject({
      item: OTHER_ITEM_VALUE,
      itemCustom: 'Tea',
    });
  });

  it('leaves a saved item that is no longer on the menu unselected', () => {
    expect(toFormValues({ reward: { stamps: 5, item: 'gone', itemCustom: null, expiry: '2027-01-02' }, items }).item).toBeUndefined();
  });
});

describe('isExpiryInPast', () => {
  const today = dayjs('2026-11-22T10:00:00');
  it.each([
    ['2025-12-31', true],
    ['2026-11-21', true],
    ['2026-11-22', false],
    ['2027-01-01', false],
  ])('%s is in the past: %p', (date, past) => {
    expect(isExpiryInPast(dayjs(date), today)).toBe(past);
  });
  it('says nothing without a date', () => {
    expect(isExpiryInPast(null, today)).toBe(false);
  });
});

describe('stampPreview', () => {
  it.each([
    // punches, icons, filled icons, collected
    // A short card shows exactly its punches (a minimum of 4 would show a 3-punch card with 4).
    [1, 1, 1, 1],
    [2, 2, 2, 2],
    [3, 3, 3, 3],
    [4, 4, 4, 4],
    [6, 6, 6, 6],
    [10, 10, 6, 6],
    [12, 12, 6, 6],
    [30, 12, 2, 6],
    [100, 12, 1, 6],
  ])('%i punches: %i icons, %i filled (%i collected)', (punches, icons, filledIcons, collected) => {
    expect(stampPreview(punches)).toMatchObject({ icons, filledIcons, collected });
  });

  it('scales when punches exceed 12', () => {
    expect(stampPreview(30).punchesPerIcon).toBe(2.5);
    expect(stampPreview(10).punchesPerIcon).toBe(1);
  });
});
