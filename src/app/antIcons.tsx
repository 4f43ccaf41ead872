// antd's own icons (a select's arrow, a dialog's close cross, the password eye…) name themselves in English
// ("down", "close") to screen readers. Each one here is the decoration of a control antd labels in the page's
// language, so it is hidden from assistive technology; the clear buttons' icon is their only content, so it is
// named in the page's language instead. An input's clear button is given where the input asks for one
// (`allowClear={clearButton()}`): as a provider default it would make every text field clearable.
import { CalendarOutlined, CloseCircleFilled, CloseOutlined, DownOutlined, EllipsisOutlined, EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import type { ConfigProviderProps } from 'antd';
import type { ReactElement } from 'react';
import { t } from '../i18n/texts';

const clearFieldIcon = () => <CloseCircleFilled aria-label={t('antIcons.clearField')} />;

/** An input's clear button, named in the page's language (called at render). */
export function clearButton(): { clearIcon: ReactElement } {
  return { clearIcon: clearFieldIcon() };
}

/** antd's icon settings for the page's language (called at render). */
export function quietIcons() {
  const clearIcon = clearFieldIcon();
  return {
    select: { clearIcon, suffixIcon: <DownOutlined aria-hidden /> },
    datePicker: { clearIcon, suffixIcon: <CalendarOutlined aria-hidden /> },
    modal: { closeIcon: <CloseOutlined aria-hidden /> },
    tabs: { more: { icon: <EllipsisOutlined aria-hidden /> } },
    inputPassword: { iconRender: (visible: boolean) => (visible ? <EyeOutlined aria-hidden /> : <EyeInvisibleOutlined aria-hidden />) },
  } satisfies Partial<ConfigProviderProps>;
}
