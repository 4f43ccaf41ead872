// A message box on a customer screen: good news, a refusal to read, or an error.
import type { ReactNode } from 'react';

export type NoticeTone = 'success' | 'warning' | 'error';

const ICONS: Record<NoticeTone, string> = { success: '✓', warning: '!', error: '×' };

export function Notice({ tone, children }: { tone: NoticeTone; children: ReactNode }) {
  return (
    <div className={`cw-notice cw-notice--${tone}`} role={tone === 'success' ? 'status' : 'alert'}>
      <span className="cw-notice-icon" aria-hidden="true">{ICONS[tone]}</span>
      <span className="cw-notice-text">{children}</span>
    </div>
  );
}
