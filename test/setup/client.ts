// jsdom gaps that antd and react-router need (DESIGN.md §5).
import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

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

if (!window.ResizeObserver) {
  class NoopResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver: NoopResizeObserver });
}

// getComputedStyle with a pseudo-element argument is unimplemented in jsdom and logs noise for antd.
const originalGetComputedStyle = window.getComputedStyle;
window.getComputedStyle = (element: Element) => originalGetComputedStyle(element);

afterEach(() => {
  localStorage.clear();
});
