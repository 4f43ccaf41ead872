// How the Reward Activity pager asks for a page so that the server reads it from a place its
// indexes reach directly, whatever the page number: from the page on screen (its first or last row's
// cursor, a few pages along), from the newest event, or from the oldest. The pager offers only pages the
// server serves this way (antd's: first, last, and up to five pages either side of the current one).
import { ACTIVITY_SEEK_MAX_ROWS } from '../../api/contract/limits';

/** The page on screen, as the server sent it. */
export interface ShownActivityPage {
  page: number;
  /** Cursor of its last row: the older pages start after it. */
  nextCursor?: string;
  /** Cursor of its first row: the newer pages start above it. */
  prevCursor?: string;
}

/** The query for one page (GET /api/activity/{vendorId}, less vendorId and pageSize). */
export interface ActivityPageRequest {
  page: number;
  before?: string;
  after?: string;
  skip?: number;
}

/**
 * The request for page `target` with `pageSize` rows, `shown` being the page on screen (if any). A page
 * a few pages older or newer than the shown one is read from its cursor (rows along ≤ the server's
 * ACTIVITY_SEEK_MAX_ROWS); any other page by number, which the server reads from the nearer end.
 */
export function activityPageRequest(target: number, pageSize: number, shown: ShownActivityPage | undefined): ActivityPageRequest {
  if (target <= 1 || !shown) return { page: Math.max(target, 1) };
  const withSkip = (request: ActivityPageRequest, skip: number): ActivityPageRequest => (skip > 0 ? { ...request, skip } : request);
  if (target > shown.page && shown.nextCursor !== undefined) {
    const skip = (target - shown.page - 1) * pageSize;
    if (skip <= ACTIVITY_SEEK_MAX_ROWS) return withSkip({ page: target, before: shown.nextCursor }, skip);
  }
  if (target < shown.page && shown.prevCursor !== undefined) {
    const skip = (shown.page - target - 1) * pageSize;
    if (skip <= ACTIVITY_SEEK_MAX_ROWS) return withSkip({ page: target, after: shown.prevCursor }, skip);
  }
  return { page: target };
}
