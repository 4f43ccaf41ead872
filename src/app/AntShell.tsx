// antd's theme and context for the vendor and sign-in screens. Loaded with those pages only, so a
// phone opening a customer QR link never downloads antd. antd's texts and direction follow the app's language.
import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import { isRightToLeft } from '../api/contract/locales';
import { currentLocale } from '../i18n/texts';
import { usePageLocale } from '../i18n/TextsRoot';
import { antLocale } from './antLocale';
import { quietIcons } from './antIcons';
import { theme, touchTheme } from './theme';
import { useTouchScreen } from './useTouchScreen';

export function AntShell({ children }: { children: ReactNode }) {
  usePageLocale();
  const touch = useTouchScreen();
  return (
    <ConfigProvider theme={touch ? touchTheme : theme} locale={antLocale()} {...quietIcons()} direction={isRightToLeft(currentLocale()) ? 'rtl' : 'ltr'}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}
