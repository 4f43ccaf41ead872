// antd's own icons (a select's arrow, a dialog's close cross, the password eye…) name themselves in English
// ("down", "close") to screen readers. Each one here is the decoration of a control antd labels in the page's
// language, so it is hidden from assistive technology; the clear buttons' icon is their only content, so it is
// named in the page's language instead. An input's clear button is given where the input asks for one
// (`allowClear={clearButton()}`): as a provider default it would make every text field clearable. A required
// field's asterisk is decoration too (the field is marked aria-required).
import { CalendarOutlined, CloseCircleFilled, CloseOutlined, DownOutlined, EllipsisOutlined, EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import type { ConfigProviderProps } from 'antd';
import type { CSSProperties, ReactElement, ReactNode } from 'react';
import { t } from '../i18n/texts';

const clearFieldIcon = () => <CloseCircleFilled aria-label={t('antIcons.clearField')} />;

/** An input's clear button, named in the page's language (called at render). */
export function clearButton(): { clearIcon: ReactElement } {
  return { clearIcon: clearFieldIcon() };
}

/** antd's own mark, as it draws it (its ::before made "* Full Name" the field's accessible name). */
const REQUIRED_MARK_STYLE: CSSProperties = { display: 'inline-block', marginInlineEnd: 4, color: 'var(--ant-color-error, #ff4d4f)', fontFamily: 'sans-serif', lineHeight: 1 };

/**
 * A required field's asterisk, hidden from assistive technology: the field says it is required itself
 * (aria-required), so a screen reader reads "Full Name", not "star Full Name".
 */
export function requiredMark(label: ReactNode, { required }: { required: boolean }): ReactNode {
  if (!required) return label;
  return (
    <>
      <span className="sw-required-mark" aria-hidden="true" style={REQUIRED_MARK_STYLE}>
        *
      </span>
      {label}
    </>
  );
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
    form: { requiredMark },
  } satisfies Partial<ConfigProviderProps>;
}
