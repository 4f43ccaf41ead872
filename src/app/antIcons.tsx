// antd's own icons (a select's arrow, a dialog's close cross, the password eye…) name themselves in English
// ("down", "close") to screen readers. Each one here is the decoration of a control antd labels in the page's
// language, so it is hidden from assistive technology; the clear buttons' icon is their only content, so it is
// named in the page's language instead.
import { CalendarOutlined, CloseCircleFilled, CloseOutlined, DownOutlined, EllipsisOutlined, EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import type { ConfigProviderProps } from 'antd';
import { t } from '../i18n/texts';

/** antd's icon settings for the page's language (called at render). */
export function quietIcons() {
  const clearIcon = <CloseCircleFilled aria-label={t('antIcons.clearField')} />;
  const clearButton = { clearIcon };
  return {
    input: { allowClear: clearButton },
    textArea: { allowClear: clearButton },
    select: { clearIcon, suffixIcon: <DownOutlined aria-hidden /> },
    datePicker: { clearIcon, suffixIcon: <CalendarOutlined aria-hidden /> },
    modal: { closeIcon: <CloseOutlined aria-hidden /> },
    tabs: { more: { icon: <EllipsisOutlined aria-hidden /> } },
    inputPassword: { iconRender: (visible: boolean) => (visible ? <EyeOutlined aria-hidden /> : <EyeInvisibleOutlined aria-hidden />) },
  } satisfies Partial<ConfigProviderProps>;
}
