// The QR page's counter feed: each stamp and claim as it happens, with a 'Live' / 'Reconnecting…' / 'Scans paused' badge.
import { GiftOutlined, PlusCircleOutlined } from '@ant-design/icons';
import { formatTime } from '../../lib/format';
import { useStoreTimeZone } from '../store-settings/useStoreTimeZone';
import { useAppSelector } from '../../app/hooks';
import type { HandoverScreen } from '../../api/contract/handover';
import type { MessageId } from '../../i18n/catalogue';
import { intlLocale, t } from '../../i18n/texts';
import { ClaimHandOver, HandOverByCode } from '../handover/HandOver';
import { feedBadgeState, feedLine, selectActivityFeed, type FeedBadgeState } from '../activity/activityFeedSlice';
import { useVendorLiveConnection } from '../activity/useVendorLiveConnection';
import { RelayAlerts } from './RelayAlerts';
import { useRoleAllows } from '../session/roleAccess';
import { selectQrStatus } from './qrSlice';
import { COUNTER_DEVICE_TEXT } from './device/texts';
import { whoDidWhat } from '../activity/whoDidWhat';
import './live-feed.css';

function withWho(line: string, item: Parameters<typeof whoDidWhat>[0]): string {
  const who = whoDidWhat(item);
  return who ? `${line} · ${who}` : line;
}

export function LiveActivityFeed({ vendorId }: { vendorId: string }) {
  // The vendor layout already holds the connection; holding it here too shares that stream (never a second).
  useVendorLiveConnection(vendorId);
  const mayReviewRelay = useRoleAllows('relayReview');
  // The owner's stamp alerts sit with the feed on the QR page (not in ActivityFeedView: the counter screen shows that to customers).
  return (
    <>
      {mayReviewRelay ? <RelayAlerts vendorId={vendorId} /> : null}
      <ActivityFeedView screen="feed" />
    </>
  );
}

/**
 * The feed as it is in the store, without opening or closing it: the counter screen shows the
 * same feed the page below it opened.
 */
export function ActivityFeedView({ idPrefix = 'sw-live-feed', testId = 'live-feed', screen }: { idPrefix?: string; testId?: string; screen: HandoverScreen }) {
  const feed = useAppSelector(selectActivityFeed);
  const qrStatus = useAppSelector(selectQrStatus);
  const handoverOffline = qrStatus === 'self-signed' || qrStatus === 'offline';
  const vendorId = feed.vendorId;
  const badge = feedBadgeState(feed);
  const timeZone = useStoreTimeZone();
  return (
    <section className="sw-live-feed" aria-labelledby={`${idPrefix}-title`} data-testid={testId}>
      <header className="sw-live-feed__header">
        <h2 id={`${idPrefix}-title`}>{t('activity.feedTitle')}</h2>
        <FeedStatusBadge state={badge} />
      </header>
      {/* Said plainly, not only by the badge: staff must know that customers' scans fail right now. */}
      {badge === 'paused' ? (
        <p className="sw-live-feed__paused" role="alert" data-testid="scans-paused">
          {t('activity.scansPaused')}
        </p>
      ) : null}
      <p className="sw-live-feed__hint">{t('activity.feedHint')}</p>
      {/* Confirm a hand-over by the code on the customer's phone. */}
      {/* Offline, a counter screen cannot confirm a hand-over (the server settles each claim once): it says so. */}
      {handoverOffline ? (
        <p className="sw-live-feed__hint" role="status" data-testid="handover-offline">
          {COUNTER_DEVICE_TEXT.handoverNeedsConnection}
        </p>
      ) : vendorId ? (
        <HandOverByCode vendorId={vendorId} screen={screen} idPrefix={idPrefix} />
      ) : null}
      {/* Always in the page, so screen readers announce lines added to it. */}
      <ul className="sw-feed sw-live-feed__list" aria-label={t('activity.feedListLabel')} aria-live="polite" aria-relevant="additions">
        {feed.items.map((item, index) => (
          <li key={item.id} className={index === 0 ? 'sw-feed-item sw-live-feed__item sw-live-feed__item--newest' : 'sw-feed-item sw-live-feed__item'}>
            <span className={`sw-feed-icon sw-feed-icon--${item.type === 'redemption' ? 'redeemed' : 'stamp'}`} aria-hidden>
              {item.type === 'redemption' ? <GiftOutlined aria-hidden /> : <PlusCircleOutlined aria-hidden />}
            </span>
            <span className="sw-live-feed__line">{withWho(feedLine(item), item)}</span>
            {vendorId && !handoverOffline ? <ClaimHandOver item={item} vendorId={vendorId} screen={screen} /> : null}
            <time className="sw-live-feed__time" dateTime={new Date(item.date).toISOString()}>
              {formatTime(item.date, intlLocale(), timeZone)}
            </time>
          </li>
        ))}
      </ul>
      {feed.items.length === 0 ? <p className="sw-live-feed__empty">{t('activity.feedEmpty')}</p> : null}
    </section>
  );
}

const STATUS_TEXT = {
  connecting: 'activity.status.connecting',
  live: 'activity.status.live',
  reconnecting: 'activity.status.reconnecting',
  paused: 'activity.status.paused',
} as const satisfies Record<FeedBadgeState, MessageId>;

function FeedStatusBadge({ state }: { state: FeedBadgeState }) {
  return (
    <span className={`sw-live-badge sw-live-badge--${state}`} role="status" data-testid="live-status">
      <span className="sw-live-badge__dot" aria-hidden />
      {t(STATUS_TEXT[state])}
    </span>
  );
}
