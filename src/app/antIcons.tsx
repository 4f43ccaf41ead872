// antd's own icons (a field's clear button, a select's arrow, a dialog's close cross, the password eye…) name
// themselves in English ("close-circle", "down") to screen readers. Each one here sits beside a control antd
// labels in the page's language (or is that control's decoration), so it is hidden from assistive technology.
import { CalendarOutlined, CloseCircleFilled, CloseOutlined, DownOutlined, EllipsisOutlined, EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import type { ConfigProviderProps } from 'antd';

const clearIcon = <CloseCircleFilled aria-hidden />;

export const QUIET_ICONS = {
  input: { allowClear: { clearIcon } },
  textArea: { allowClear: { clearIcon } },
  select: { clearIcon, suffixIcon: <DownOutlined aria-hidden /> },
  datePicker: { clearIcon, suffixIcon: <CalendarOutlined aria-hidden /> },
  modal: { closeIcon: <CloseOutlined aria-hidden /> },
  tabs: { more: { icon: <EllipsisOutlined aria-hidden /> } },
  inputPassword: { iconRender: (visible: boolean) => (visible ? <EyeOutlined aria-hidden /> : <EyeInvisibleOutlined aria-hidden />) },
} satisfies Partial<ConfigProviderProps>;
