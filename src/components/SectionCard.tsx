// The card used across the vendor pages: an icon, a heading, an optional sample-data marker, full height.
import type { ReactNode } from 'react';
import { Card } from 'antd';
import { SampleDataTag } from './SampleDataTag';

export interface SectionCardProps {
  title: ReactNode;
  icon: ReactNode;
  /** Marks the card's figures as examples; pass a string to explain them in other words. */
  sample?: boolean | string;
  /** Shown at the right of the header, after the sample marker. */
  extra?: ReactNode;
  className?: string;
  children: ReactNode;
}

export function SectionCard({ title, icon, sample = false, extra, className, children }: SectionCardProps) {
  const marker = sample === false ? null : <SampleDataTag {...(typeof sample === 'string' ? { tooltip: sample } : {})} />;
  const hasExtra = Boolean(marker || extra);
  return (
    <Card
      className={['sw-card', hasExtra && 'sw-card--has-extra', className].filter(Boolean).join(' ')}
      title={
        <span className="sw-card-title">
          <span className="sw-card-icon" aria-hidden>
            {icon}
          </span>
          <h2>{title}</h2>
        </span>
      }
      extra={
        hasExtra ? (
          <span className="sw-card-extra">
            {marker}
            {extra}
          </span>
        ) : undefined
      }
    >
      {children}
    </Card>
  );
}
