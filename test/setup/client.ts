// jsdom gaps that antd, react-router and RTK Query need, filled once for every client suite.
import '@testing-library/jest-dom';
import { configure, getConfig } from '@testing-library/react';
import * as React from 'react';
import { TextDecoder, TextEncoder } from 'node:util';
import { installInlineComputedStyle } from '../client/support/computedStyle';
import { installFetchGlobals } from '../client/support/fakeHttp';
import { activate, loadMessages } from '../../src/i18n/texts';
import { loadCatalogueNow } from './catalogue-chunks';

Object.assign(globalThis, { TextEncoder, TextDecoder });

// findBy*/waitFor poll for 1 s by default. One role query over a whole antd page can take several hundred ms
// on the shared 2-core machine while other suites run, so a page that renders in 50 ms was sometimes "never
// found" (DashboardPage's heading under load). A longer ceiling changes nothing on a fast run: the queries
// still return as soon as the element appears.
configure({ asyncUtilTimeout: 5000 });

// A failed query builds its error with a print of the whole document. Inside waitFor and findBy* a failed try
// is thrown away and tried again on every DOM change, so on an antd page most of those prints were never read;
// when waitFor gives up, it passes its last error through getElementError once more, outside these tries, and
// that message carries the document as before.
const defaultGetElementError = getConfig().getElementError;
// The flag waitFor sets around each try (`runWithExpensiveErrorDiagnosticsDisabled`); not in the library's types.
const insideAWaitForTry = () => (getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })._disableExpensiveErrorDiagnostics === true;
configure({
  getElementError: (message, container) => {
    if (!insideAWaitForTry()) return defaultGetElementError(message, container);
    const error = new Error(message ?? '');
    error.name = 'TestingLibraryElementError';
    return error;
  },
});

// React's development build records a stack trace for every element it creates (its "owner stacks", up to
// 10,000 per render), so that a warning can say which component created which. Capturing those stacks was a
// fifteenth of a page test's CPU. A warning in a test still says what went wrong and where, without the stack of
// the code that created the element (take these lines out to see it while chasing one).
const reactInternals = (React as unknown as Record<string, { recentlyCreatedOwnerStacks?: number }>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', { get: () => Number.POSITIVE_INFINITY, set: () => undefined });

// antd writes its CSS-in-JS into <style> elements, hundreds of KB per page, and jsdom would parse every one of
// them on every update (a large share of the client suites' time, and some of antd's CSS it cannot parse at all,
// reporting "Could not parse CSS stylesheet"). No test reads stylesheet rules — getComputedStyle answers from
// inline styles (installInlineComputedStyle, below) — so <style> elements get a type jsdom leaves unparsed.
const createElement = document.createElement.bind(document);
document.createElement = ((tagName: string, options?: ElementCreationOptions) => {
  const element = createElement(tagName, options);
  if (tagName.toLowerCase() === 'style') element.setAttribute('type', 'text/x-not-parsed-in-tests');
  return element;
}) as typeof document.createElement;

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

// A MessageChannel stand-in built on timers (worker_threads' keeps jest from exiting).
class TimerMessagePort {
  onmessage: ((event: { data: unknown }) => void) | null = null;
  other: TimerMessagePort | null = null;
  postMessage(data: unknown) {
    const target = this.other;
    setTimeout(() => target?.onmessage?.({ data }), 0);
  }
  close() {}
  start() {}
  addEventListener() {}
  removeEventListener() {}
}
class TimerMessageChannel {
  port1 = new TimerMessagePort();
  port2 = new TimerMessagePort();
  constructor() {
    this.port1.other = this.port2;
    this.port2.other = this.port1;
  }
}
Object.assign(globalThis, { MessageChannel: TimerMessageChannel });

// jsdom does no layout, so it has no scrolling: its scrollTo only reports "Not implemented". Route changes
// scroll to the top (src/app/ScrollToTop.tsx); here that is a no-op a test may spy on.
window.scrollTo = (() => undefined) as typeof window.scrollTo;

if (!window.ResizeObserver) {
  class NoopResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver: NoopResizeObserver });
}

// A label's control and a form control's labels, as the HTML standard defines them, found through the document's
// id index. jsdom finds them by walking the whole document: a label's `for` control per label, and a control's
// labels by asking every node of the document for its control. testing-library's label queries and every role
// query's accessible names ask each control of the page for its labels, so a query over an antd page walked it
// thousands of times. A label or control outside the document (or in a shadow root) keeps jsdom's own answer.
const inDocument = (node: Node) => node.getRootNode() === node.ownerDocument;
const isLabelable = (element: Element) =>
  /^(BUTTON|METER|OUTPUT|PROGRESS|SELECT|TEXTAREA)$/.test(element.tagName) || (element.tagName === 'INPUT' && (element as HTMLInputElement).type !== 'hidden');
const jsdomControl = Object.getOwnPropertyDescriptor(HTMLLabelElement.prototype, 'control')?.get;
Object.defineProperty(HTMLLabelElement.prototype, 'control', {
  configurable: true,
  get(this: HTMLLabelElement) {
    if (!inDocument(this) || !this.hasAttribute('for')) return jsdomControl?.call(this);
    const target = this.ownerDocument.getElementById(this.htmlFor);
    return target && isLabelable(target) ? target : null;
  },
});
for (const control of [HTMLButtonElement, HTMLInputElement, HTMLMeterElement, HTMLOutputElement, HTMLProgressElement, HTMLSelectElement, HTMLTextAreaElement]) {
  const jsdomLabels = Object.getOwnPropertyDescriptor(control.prototype, 'labels')?.get;
  Object.defineProperty(control.prototype, 'labels', {
    configurable: true,
    get(this: HTMLElement) {
      if (!inDocument(this) || !isLabelable(this)) return jsdomLabels?.call(this);
      // Only a label whose `for` is this control's id, or one without `for` around it, can have it as its control:
      // the others are passed over before their control is worked out. The document's live list of labels is the
      // same object until its tree changes, so the controls of one query share it; it is read by index, since
      // jsdom answers its `length` (which spreading it reads at every step) by searching its items for that name.
      const { id } = this;
      const all = this.ownerDocument.getElementsByTagName('label');
      const labels: HTMLLabelElement[] = [];
      for (let i = 0, label = all[0]; label !== undefined; i += 1, label = all[i]) {
        if ((label.hasAttribute('for') ? label.htmlFor === id : label.contains(this)) && label.control === this) labels.push(label);
      }
      return labels;
    },
  });
}

// getComputedStyle answers from inline styles: jsdom's full cascade over antd's CSS-in-JS costs seconds per call.
installInlineComputedStyle();

// jsdom has no fetch. The fetch, Request and Response RTK Query uses are provided here, before any test file
// loads the app, rather than by passing a fetchFn in src/api/apiSlice.ts: fetchBaseQuery's default fetchFn
// already looks up the global fetch on every request (so per-test fakes work), and only its creation-time
// "`fetch` is not available" warning came from the missing global — a gap of the test environment, not the app.
// Until a test installs its fake /api (installFakeApi), a request fails with an error naming the route.
installFetchGlobals();

afterEach(() => {
  localStorage.clear();
});

// antd prints a deprecated component or prop as "Warning: [antd: Spin] `tip` is deprecated. Please use
// `description` instead." (console.error; console.warn when strict warnings are off), in every development console.
// A client test that makes antd print one fails, naming antd's replacement, so a deprecated use does not come back
// unnoticed. Tests that silence the console with a mock of their own are not seen here.
const antdDeprecations: string[] = [];
const ANTD_DEPRECATION = /\[antd(: [^\]]+)?\].*deprecated/is;
for (const level of ['error', 'warn'] as const) {
  const print = console[level].bind(console);
  console[level] = (...args: unknown[]) => {
    const line = args.map((arg) => (typeof arg === 'string' ? arg : '')).join(' ');
    if (ANTD_DEPRECATION.test(line)) antdDeprecations.push(line);
    print(...args);
  };
}
afterEach(() => {
  const printed = antdDeprecations.splice(0);
  if (printed.length > 0) throw new Error(`antd printed ${printed.length} deprecation warning(s) during this test:\n${[...new Set(printed)].join('\n')}`);
});

// The suites read English, the app's default: both halves' texts are loaded and active before any test renders.
loadMessages('en', { ...loadCatalogueNow('customer', 'en'), ...loadCatalogueNow('app', 'en') });
activate('en');
