// Query helpers for the store-settings tests, and a fast getComputedStyle.
// With antd's CSS-in-JS in the page (~370 KB of rules), one jsdom getComputedStyle call takes
// seconds, and *ByRole queries, user-event and antd itself call it per node.
import { screen } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';

/** user-event without its pointer-events check (another getComputedStyle walk per click). */
export const setupUser = (options: Parameters<typeof userEvent.setup>[0] = {}) =>
  userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, ...options });

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

/**
 * Makes getComputedStyle answer from inline styles only for the tests of the calling file.
 * Nothing these tests assert depends on stylesheet rules, and the full cascade makes every test
 * time out on a busy machine.
 */
export function useInlineComputedStyle(): void {
  let spy: jest.SpyInstance | undefined;
  beforeEach(() => {
    const fallback = document.createElement('div').style;
    spy = jest
      .spyOn(window, 'getComputedStyle')
      .mockImplementation((element: Element) => (element as HTMLElement).style ?? fallback);
  });
  afterEach(() => spy?.mockRestore());
}
