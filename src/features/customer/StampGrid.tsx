// The stamp card itself: one circle per stamp (a progress bar for very long cards), the newest
// stamp animated when it was just collected, and the 'n / 10' progress.
import type { CSSProperties } from 'react';
import { CUSTOMER_TEXT } from './texts';

/** Cards longer than this show a bar instead of circles (rewards allow up to 100 stamps). */
const MAX_CIRCLES = 20;

function StampMark() {
  return (
    <svg viewBox="0 0 24 24" width="60%" height="60%" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 2.8l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 16.8l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z"
      />
    </svg>
  );
}

export interface StampGridProps {
  stamps: number;
  required: number;
  /** Animate the newest stamp: it was collected just now. */
  justStamped?: boolean;
}

export function StampGrid({ stamps, required, justStamped = false }: StampGridProps) {
  const filled = Math.min(stamps, required);
  const extra = Math.max(0, stamps - required);
  const columns = required <= 4 ? required : required <= 10 ? 5 : required <= 12 ? 6 : 5;
  return (
    <div className="cw-stampcard">
      {required > 0 && required <= MAX_CIRCLES ? (
        <ol className="cw-stamps" style={{ '--cw-columns': columns } as CSSProperties} aria-label={CUSTOMER_TEXT.progressLabel(filled, required)}>
          {Array.from({ length: required }, (_, index) => {
            const isFilled = index < filled;
            const isNew = justStamped && index === filled - 1;
            return (
              <li
                key={index}
                className={`cw-stamp${isFilled ? ' is-filled' : ''}${isNew ? ' is-new' : ''}`}
                aria-label={CUSTOMER_TEXT.stampLabel(index + 1, isFilled)}
                data-testid={isNew ? 'new-stamp' : undefined}
              >
                {isFilled ? <StampMark /> : <span className="cw-stamp-number">{index + 1}</span>}
              </li>
            );
          })}
        </ol>
      ) : null}
      <div className="cw-progress">
        <span className={`cw-count${justStamped ? ' is-new' : ''}`}>{CUSTOMER_TEXT.progress(filled, required)}</span>
        <span className="cw-progress-note">{filled >= required && required > 0 ? CUSTOMER_TEXT.cardFull : CUSTOMER_TEXT.toGo(required - filled)}</span>
      </div>
      <div
        className="cw-bar"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={required}
        aria-valuenow={filled}
        aria-label={CUSTOMER_TEXT.progressLabel(filled, required)}
      >
        <span style={{ width: `${required > 0 ? (filled / required) * 100 : 0}%` }} />
      </div>
      {extra > 0 ? <p className="cw-extra">{CUSTOMER_TEXT.extraStamps(extra)}</p> : null}
    </div>
  );
}
