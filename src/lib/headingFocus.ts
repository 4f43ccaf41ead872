// Focus for the page a full redirect opens (sign-in opens the dashboard as a new page load): a keyboard or
// screen-reader user would otherwise start on <body>. The request lives in sessionStorage, so it survives
// the load, and the next page's main heading takes it once.
const HEADING_FOCUS_KEY = 'stampwise.focusHeading';

/** Called just before the redirect: the next page's main heading takes the focus. */
export function focusHeadingOnNextPage(): void {
  try {
    window.sessionStorage.setItem(HEADING_FOCUS_KEY, '1');
  } catch {
    // Storage refused (a private mode): the page opens with the browser's own focus.
  }
}

/** True once after focusHeadingOnNextPage: the heading asking should take the focus. */
export function takeHeadingFocusRequest(): boolean {
  try {
    if (window.sessionStorage.getItem(HEADING_FOCUS_KEY) === null) return false;
    window.sessionStorage.removeItem(HEADING_FOCUS_KEY);
    return true;
  } catch {
    return false;
  }
}
