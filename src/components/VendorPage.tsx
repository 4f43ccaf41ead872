// Frame of every vendor page (dashboard, rewards, campaigns, customers, QR, help): readable text colours and the shared page styles.
import type { ReactNode } from 'react';
import { ConfigProvider, type ThemeConfig } from 'antd';
import './vendor-pages.css';

/**
 * antd's default description and placeholder greys (45 % and 25 % black) fall below WCAG AA contrast on
 * white, which axe-core reports; these pages darken them (to about 6:1 and 5:1).
 */
const readableText: ThemeConfig = {
  token: {
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
  },
};

/**
 * Dropdowns, date pickers and tooltips open inside the page rather than at the end of <body>, so they sit
 * in the page's <main> landmark like the field that opened them (axe-core's `region` rule).
 */
const keepPopupsInPage = (trigger?: HTMLElement): HTMLElement => trigger?.closest<HTMLElement>('.sw-page') ?? document.body;

export function VendorPage({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <ConfigProvider theme={readableText} getPopupContainer={keepPopupsInPage}>
      <div className={['sw-page', className].filter(Boolean).join(' ')}>{children}</div>
    </ConfigProvider>
  );
}
