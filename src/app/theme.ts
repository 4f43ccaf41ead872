// The Stampwise look: one antd theme shared by the app and the tests' render helper.
import type { ThemeConfig } from 'antd';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#7a4a2a',
    colorInfo: '#7a4a2a',
    borderRadius: 10,
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
};

/** A screen worked with a finger rather than a mouse (a phone, a tablet): what `touchTheme` is for. */
export const TOUCH_SCREEN_QUERY = '(pointer: coarse)';

/**
 * The theme on a touch screen: a fingertip needs 44 × 44 px (WCAG 2.5.5), so buttons, fields and selects of
 * the default size are 44 px tall and large ones 48 (antd's 32 and 40 are sized for a mouse). Small controls
 * keep antd's size: they sit in dense rows (tables, review lists) that size their own touch targets.
 */
export const touchTheme: ThemeConfig = {
  ...theme,
  token: { ...theme.token, controlHeight: 44, controlHeightLG: 48 },
};
