// Query helpers for the store-settings tests: antd's buttons and tabs found by their visible text.
import { screen } from '@testing-library/react';

/** The button whose text is `name` (antd wraps the text in a span), or null. */
export function queryButton(name: string): HTMLButtonElement | null {
  const label = screen.queryAllByText(name, { selector: 'button, button span' })[0];
  return label?.closest('button') ?? null;
}

export function getButton(name: string): HTMLButtonElement {
  const button = queryButton(name);
  if (!button) throw new Error(`no button "${name}"`);
  return button;
}

export const getTab = (name: string) => screen.getByText(name, { selector: '[role=tab]' });
export const findTab = (name: string) => screen.findByText(name, { selector: '[role=tab]' });
export const queryTab = (name: string) => screen.queryByText(name, { selector: '[role=tab]' });
