// antd's theme and context for the vendor and sign-in screens. Loaded with those pages only, so a
// phone opening a customer QR link never downloads antd.
import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import { theme } from './theme';

export function AntShell({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={theme}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}
