// Speeds up Testing Library over antd pages. jsdom's getComputedStyle cascades every rule of antd's CSS-in-JS
// (≈350 KB of <style>) on each call, and role queries and user-event call it for every element they look at:
// one getByRole took 11–33 s. The element's inline style stands in for the computed one — what jsdom can
// compute from antd's stylesheets is not layout anyway, and visibility set inline (display: none) still counts.
// Importing this module installs it for the test file; it is restored after the file's tests.

const realGetComputedStyle = window.getComputedStyle;

beforeAll(() => {
  window.getComputedStyle = ((element: Element) =>
    (element as HTMLElement).style ?? realGetComputedStyle(element)) as typeof window.getComputedStyle;
});

afterAll(() => {
  window.getComputedStyle = realGetComputedStyle;
});

export {};
