// The Reward Activity table's rows: the vendor's stamps and claims, a page at a time (GET /api/activity),
// or the sample rows — marked as samples — while the vendor has no activity at all.
import { whoDidWhat } from '../activity/whoDidWhat';
import { stampCount } from '../activity/stampCount';
import { useEffect, useState } from 'react';
import dayjs from 'dayjs';
import type { TablePaginationConfig } from 'antd';
import type { ActivityItem } from '../../api/contract/activity';
import { t } from '../../i18n/texts';
import { activityDateLocale, sampleRewardActivity, type RewardActivityRow } from './sampleActivity';
import { useGetActivityQuery } from '../activity/activityApi';
import { activityPageRequest, type ActivityPageRequest } from './activityPageRequest';
import { formatDay, formatTime } from '../../lib/format';
import { useStoreTimeZone } from '../store-settings/useStoreTimeZone';

/** Rows per page of the Reward Activity table. */
export const REWARD_ACTIVITY_PAGE_SIZE = 10;

/** A live row: the sample row's columns, plus the event's tag ('Stamp 4/10', 'Claimed') in the reward cell. */
export interface LiveActivityRow extends RewardActivityRow {
  type?: ActivityItem['type'];
  tag?: string;
  /** A live stamp not removed yet: staff may remove it. */
  removable?: boolean;
  /** A stamp staff removed: who, when and why. */
  removedDetail?: string;
  /** Which counter screen's code a stamp used; who handed a reward over, and on which screen. */
  who?: string;
}

export interface RewardActivity {
  rows: readonly LiveActivityRow[];
  /** true: the sample rows, to be marked as such. */
  sample: boolean;
  loading: boolean;
  pagination: false | TablePaginationConfig;
}

/**
 * "Nov 21, 2026 · 10:05": when a row happened, in the page's language ("21 nov. 2026 · 10:05" in French), on
 * the store's clock (`timeZone`; null: the browser's).
 */
export function activityMoment(date: string | number, timeZone: string | null = null): string {
  const ms = dayjs(date).valueOf();
  const locale = activityDateLocale();
  return `${formatDay(ms, locale, timeZone)} · ${formatTime(ms, locale, timeZone)}`;
}

export function toActivityRow(item: ActivityItem, timeZone: string | null = null): LiveActivityRow {
  return {
    key: item.id,
    customer: item.customer,
    date: activityMoment(item.date, timeZone),
    reward: item.reward,
    type: item.type,
    // a stamp the store voided stays listed, marked as such.
    tag:
      item.type === 'redemption'
        ? t('activity.claimTag')
        : item.type === 'expiry'
          ? t('rewards.expiredTag', { stamps: item.stamps ?? 0 })
          : item.removedReason
            ? t('rewards.removedTag')
            : item.voided
              ? t('relay.activityVoided')
              : item.bonus
                ? `${t('activity.stampTag', { ...stampCount(item) })} · ${t('campaigns.activity.bonusTag')}`
                : t('activity.stampTag', { ...stampCount(item) }),
    removable: item.type === 'stamp' && !item.voided,
    who: whoDidWhat(item) ?? undefined,
    removedDetail: item.removedReason
      ? t('rewards.removedDetail', { reason: item.removedReason, by: item.removedBy ?? '', when: activityMoment(item.removedAt ?? item.date, timeZone) })
      : undefined,
  };
}

/** A console line for the developer (not shown to the vendor, so not translated). */
const ACTIVITY_LOAD_FAILED_LOG = 'Failed to load reward activity';

export function useRewardActivity(vendorId: string | undefined): RewardActivity {
  // Every page is asked for from where the server's indexes reach it directly — the page on
  // screen's cursors (next, previous, or a few pages along), the newest event, or the oldest — so page 2
  // and page 90,000 cost the same (see activityPageRequest).
  const [request, setRequest] = useState<ActivityPageRequest>({ page: 1 });
  const timeZone = useStoreTimeZone();
  const { data, error, isLoading, isFetching } = useGetActivityQuery(
    { vendorId: vendorId ?? '', pageSize: REWARD_ACTIVITY_PAGE_SIZE, ...request },
    { skip: !vendorId },
  );

  useEffect(() => {
    if (error) console.warn(ACTIVITY_LOAD_FAILED_LOG, error);
  }, [error]);

  // The page on screen (the last one loaded) is where the next request starts from.
  const goTo = (target: number) => setRequest(activityPageRequest(target, REWARD_ACTIVITY_PAGE_SIZE, data));

  const samples: RewardActivity = { rows: sampleRewardActivity(Date.now()), sample: true, loading: false, pagination: false };
  if (!vendorId || error) return samples;
  if (isLoading || !data) return { rows: [], sample: false, loading: true, pagination: false };
  if (data.total === 0) return samples;
  return {
    rows: data.items.map((item) => toActivityRow(item, timeZone)),
    sample: false,
    loading: isFetching,
    pagination: {
      current: request.page,
      pageSize: REWARD_ACTIVITY_PAGE_SIZE,
      total: data.total,
      onChange: goTo,
      showSizeChanger: false,
      hideOnSinglePage: true,
    },
  };
}
