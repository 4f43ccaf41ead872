// The Reward Activity pager asks for each page from where the server reads it directly.
import { ACTIVITY_SEEK_MAX_ROWS } from '../../../../src/api/contract/limits';
import { activityPageRequest } from '../../../../src/features/rewards/activityPageRequest';

const shown = { page: 40, nextCursor: 'last-of-40', prevCursor: 'first-of-40' };

describe('activityPageRequest', () => {
  it('asks for the first page, and any page before one is shown, by number', () => {
    expect(activityPageRequest(1, 10, shown)).toEqual({ page: 1 });
    expect(activityPageRequest(7, 10, undefined)).toEqual({ page: 7 });
  });

  it('asks for the next and the previous page by the cursors of the page shown', () => {
    expect(activityPageRequest(41, 10, shown)).toEqual({ page: 41, before: 'last-of-40' });
    expect(activityPageRequest(39, 10, shown)).toEqual({ page: 39, after: 'first-of-40' });
  });

  it('passes over the pages in between for a page a few pages away', () => {
    expect(activityPageRequest(45, 10, shown)).toEqual({ page: 45, before: 'last-of-40', skip: 40 });
    expect(activityPageRequest(35, 10, shown)).toEqual({ page: 35, after: 'first-of-40', skip: 40 });
  });

  it('asks by number (the server reads it from the nearer end) when the cursor is too far or missing', () => {
    const pageSize = 100;
    const farthest = 40 + 1 + ACTIVITY_SEEK_MAX_ROWS / pageSize;
    expect(activityPageRequest(farthest, pageSize, shown)).toEqual({ page: farthest, before: 'last-of-40', skip: ACTIVITY_SEEK_MAX_ROWS });
    expect(activityPageRequest(farthest + 1, pageSize, shown)).toEqual({ page: farthest + 1 });
    expect(activityPageRequest(41, 10, { page: 40 })).toEqual({ page: 41 });
    expect(activityPageRequest(39, 10, { page: 40, nextCursor: 'x' })).toEqual({ page: 39 });
  });
});
