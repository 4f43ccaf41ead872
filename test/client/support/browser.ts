// Browser stand-ins for client tests: what jsdom cannot do (navigate away) or does slowly (user-event's checks).
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';

/**
 * user-event as the antd suites use it. pointerEventsCheck is off: antd's popups (rc-trigger) put
 * `pointer-events: none` inline on a closed popup, and one still leaving (motion does not finish in jsdom) would
 * refuse clicks a user could make; the check also walks every ancestor of every target on every call.
 * skipHover, as in every client suite's user-event: a click is the press and release on its target, without the
 * pointer first moving there. That move's over/enter/leave events on the target and each of its ancestors made
 * antd's hover handlers draw again before every click (about a tenth of a page file's CPU); no test is about a
 * hover, and one that is calls `user.hover`, which still moves the pointer.
 */
export const setupUser = (options: Parameters<typeof userEvent.setup>[0] = {}) =>
  userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, skipHover: true, ...options });

export type User = ReturnType<typeof setupUser>;

/** Replaces window.location with a copy whose assign() is a mock (jsdom cannot navigate); restore() puts it back. */
export function stubLocationAssign() {
  const original = window.location;
  const assign = jest.fn<void, [string]>();
  Object.defineProperty(window, 'location', { configurable: true, value: { ...original, assign } });
  return {
    assign,
    restore: () => Object.defineProperty(window, 'location', { configurable: true, value: original }),
  };
}

/**
 * Puts `text` into `field` as a user pasting it: a click, then one input event. For tests about what was entered
 * rather than about typing: each keystroke of `user.type` re-renders the page (an antd form: every field).
 */
export async function enterText(user: Pick<User, 'click' | 'paste'>, field: Element, text: string): Promise<void> {
  await user.click(field);
  await user.paste(text);
}
