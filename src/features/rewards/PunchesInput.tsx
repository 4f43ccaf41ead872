// The Punches Required input: free typing, clamped to a whole number from 1 to 100 when the vendor leaves the field.
import type { FocusEvent, KeyboardEvent } from 'react';
import { Input } from 'antd';
import { REWARD_LIMITS } from '../../constants';
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
  // A number field steps with the arrow keys (a spin button), within 1–100.
  const step = (event: KeyboardEvent<HTMLInputElement>) => {
    const delta = event.key === 'ArrowUp' ? 1 : event.key === 'ArrowDown' ? -1 : 0;
    if (delta === 0) return;
    event.preventDefault();
    onChange?.(clampPunches(clampPunches(event.currentTarget.value) + delta));
  };
  const shown = value === null || value === undefined ? '' : String(value);
  return (
    <Input
      id={id}
      role="spinbutton"
      aria-valuemin={REWARD_LIMITS.minPunches}
      aria-valuemax={REWARD_LIMITS.maxPunches}
      aria-valuenow={Number.isFinite(Number(shown)) && shown !== '' ? Number(shown) : undefined}
      inputMode="numeric"
      autoComplete="off"
      value={shown}
      onChange={(event) => onChange?.(event.target.value)}
      onKeyDown={step}
      onBlur={commit}
      onPressEnter={commit}
      style={{ maxWidth: 160 }}
      {...rest}
    />
  );
}
