// Recent Reward Activity card: the latest stamp and reward events, newest first.
import type { ReactNode } from 'react';
import { CheckCircleOutlined, GiftOutlined, HistoryOutlined, PlusCircleOutlined, UserAddOutlined } from '@ant-design/icons';
import { SectionCard } from '../../../components/SectionCard';
import { t } from '../../../i18n/texts';

export type RewardEventKind = 'stamp' | 'redeemed' | 'completed' | 'joined';

export interface RewardEvent {
  id: string;
  customer: string;
  kind: RewardEventKind;
  /** What happened, continuing the customer's name: 'redeemed a free coffee'. */
  detail: string;
  /** When it happened, already in words: '2 min ago'. */
  when: string;
}

const KIND_ICON: Record<RewardEventKind, ReactNode> = {
  stamp: <PlusCircleOutlined aria-hidden />,
  redeemed: <GiftOutlined aria-hidden />,
  completed: <CheckCircleOutlined aria-hidden />,
  joined: <UserAddOutlined aria-hidden />,
};

export function RecentActivityCard({ events, sample = false }: { events: readonly RewardEvent[]; sample?: boolean }) {
  return (
    <SectionCard title={t('dashboard.recentActivity')} icon={<HistoryOutlined aria-hidden />} sample={sample}>
      <ul className="sw-feed">
        {events.map((event) => (
          <li key={event.id} className="sw-feed-item">
            <span className={`sw-feed-icon sw-feed-icon--${event.kind}`} aria-hidden>
              {KIND_ICON[event.kind]}
            </span>
            <span className="sw-feed-text">
              <strong>{event.customer}</strong> {event.detail}
              <span className="sw-feed-when">{event.when}</span>
            </span>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
