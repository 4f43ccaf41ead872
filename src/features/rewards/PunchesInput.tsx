// The Punches Required input: free typing, clamped to a whole number from 1 to 100 when the vendor leaves the field.
import type { FocusEvent, KeyboardEvent } from 'react';
import { Input } from 'antd';
import { clampPunches } from './rewardForm';

export interface PunchesInputProps {
  id?: string;
  value?: number | string | null;
  onChange?: (value: number | string) => void;
  'aria-describedby'?: string;
}

/**
 * Clamping on every keystroke would make the field impossible to clear and retype ("10" → backspace → 1);
 * so the raw text is kept while typing (the form shows the minimum message for '0' or 'abc') and
 * clamped on blur or Enter.
 */
export function PunchesInput({ id, value, onChange, ...rest }: PunchesInputProps) {
  const commit = (event: FocusEvent<HTMLInputElement> | KeyboardEvent<HTMLInputElement>) => {
    onChange?.(clampPunches(event.currentTarget.value));
  };
  return (
    <Input
      id={id}
      inputMode="numeric"
      autoComplete="off"
      value={value === null || value === undefined ? '' : String(value)}
      onChange={(event) => onChange?.(event.target.value)}
      onBlur={commit}
      onPressEnter={commit}
      style={{ maxWidth: 160 }}
      {...rest}
    />
  );
}
