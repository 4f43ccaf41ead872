// What a failed browser test leaves behind, so a failure on a machine nobody watched explains itself: for each
// open page its address, its last requests (with the body of every refused one), its console errors, the
// messages antd shows and the fields the browser's own check refuses, a full-page screenshot; and the tail of
// each server's log. The harness watches every browser and server it starts; the e2e test environment
// (environment.ts) asks for the report when a test fails and adds it to the failure jest prints.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Request, Response } from 'playwright-core';

const KEPT_REQUESTS = 30;
const BODY_CHARS = 300;
const KEPT_ERRORS = 20;
const LOG_TAIL_LINES = 40;
/** A report must never hang the run: a page that does not answer in time is reported as such. */
const PAGE_ANSWER_MS = 5_000;

interface RequestLine {
  at: number;
  method: string;
  path: string;
  /** What a write sent (sign-in and password bodies left out), so a save that stored the wrong value shows it. */
  sent?: string;
  outcome: string;
}

interface WatchedPage {
  page: Page;
  requests: RequestLine[];
  errors: string[];
}

interface WatchedServer {
  baseUrl: string;
  output(): string;
}

/** Where the report waits for the e2e environment, which lives outside the test file's module registry. */
export const FAILURE_REPORT_KEY = Symbol.for('stampwise.e2e.failureReport');

/** The report of everything open, for the failed test `testName` that started at `startedAt` (epoch ms). */
export type FailureReporter = (testName: string, startedAt: number) => Promise<string>;

const pages: WatchedPage[] = [];
const servers = new Set<WatchedServer>();

/** Drops the oldest entries beyond `limit`. */
function keepLast<T>(list: T[], limit: number): void {
  if (list.length > limit) list.splice(0, list.length - limit);
}

function trimmed(text: string, chars: number): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > chars ? `${oneLine.slice(0, chars)}…` : oneLine;
}

/** A multipart form as `name=value; …` (its files' bytes left out); other bodies as they are. */
function readableBody(body: string): string {
  return body
    .replace(/--[^\r\n]*\r?\nContent-Disposition: form-data; name="([^"]+)"[^\r\n]*\r?\n(?:Content-Type:[^\r\n]*\r?\n)?\r?\n/g, '$1=')
    .replace(/\r?\n--[^\r\n]*/g, '; ')
    .replace(/[^\x20-\x7e\u00a0-\uffff\s]/g, '');
}

function watchPage(page: Page): void {
  const watched: WatchedPage = { page, requests: [], errors: [] };
  pages.push(watched);
  const lines = new Map<Request, RequestLine>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    // Scripts, styles, fonts and images say little about a failure and would push the API calls out.
    if (['script', 'stylesheet', 'font', 'image'].includes(request.resourceType())) return;
    const line: RequestLine = { at: Date.now(), method: request.method(), path: trimmed(`${url.pathname}${url.search}`, 120), outcome: 'no answer yet' };
    const body = request.method() === 'GET' || url.pathname.startsWith('/api/auth/') ? null : request.postData();
    if (body) line.sent = trimmed(readableBody(body), BODY_CHARS);
    lines.set(request, line);
    watched.requests.push(line);
    keepLast(watched.requests, KEPT_REQUESTS);
  });
  page.on('response', (response: Response) => {
    const line = lines.get(response.request());
    if (!line) return;
    line.outcome = String(response.status());
    if (response.status() >= 400) {
      response.text().then(
        (body) => { line.outcome = `${response.status()} ${trimmed(body, BODY_CHARS)}`; },
        (error: Error) => { line.outcome = `${response.status()} (body unreadable: ${trimmed(error.message, 80)})`; },
      );
    }
  });
  // The page's own moves (a redirect to the sign-in screen, say) are in the timeline with its requests.
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    const url = new URL(frame.url());
    watched.requests.push({ at: Date.now(), method: 'page at', path: trimmed(`${url.pathname}${url.search}`, 120), outcome: 'now' });
    keepLast(watched.requests, KEPT_REQUESTS);
  });
  page.on('requestfinished', (request) => lines.delete(request));
  page.on('requestfailed', (request) => {
    const line = lines.get(request);
    if (line) line.outcome = `failed: ${request.failure()?.errorText ?? 'unknown'}`;
    lines.delete(request);
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    watched.errors.push(`console: ${trimmed(message.text(), BODY_CHARS)}`);
    keepLast(watched.errors, KEPT_ERRORS);
  });
  page.on('pageerror', (error) => {
    watched.errors.push(`uncaught: ${trimmed(error.stack ?? error.message, BODY_CHARS * 2)}`);
    keepLast(watched.errors, KEPT_ERRORS);
  });
  page.on('close', () => pages.splice(pages.indexOf(watched), 1));
}

function watchContext(context: BrowserContext): void {
  context.pages().forEach(watchPage);
  context.on('page', watchPage);
}

/** Watches every page of every context opened on `browser` from now on (by the harness or by a test itself). */
export function watchBrowser(browser: Browser): void {
  const newContext = browser.newContext.bind(browser);
  // Playwright has no "context opened" event; wrapping the one method that opens contexts (newPage goes
  // through it too) catches the contexts tests open themselves, with their own options.
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext(...args);
    watchContext(context);
    return context;
  };
  browser.contexts().forEach(watchContext);
}

/** Includes the server's log tail in failure reports until the returned function is called (on stop). */
export function watchServer(server: WatchedServer): () => void {
  servers.add(server);
  return () => servers.delete(server);
}

/** What the page shows that tells why a click did nothing: antd's messages, alerts, and refused fields. */
function visibleNotices(page: Page): Promise<{ notices: string[]; refusedFields: string[] }> {
  return page.evaluate(() => {
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    };
    const notices = [...document.querySelectorAll('.ant-message-notice, .ant-notification-notice, .ant-alert, .ant-form-item-explain-error, [role="alert"]')]
      .filter(shown)
      .map((element) => (element as HTMLElement).innerText.replace(/\s+/g, ' ').trim())
      .filter((text, index, all) => text !== '' && all.indexOf(text) === index);
    // The browser's own required check shows its bubble only in a headed browser: a form it refuses to
    // submit looks, headless, like a click that did nothing.
    const refusedFields = [...document.querySelectorAll('form :invalid')]
      .filter((element) => element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement)
      .map((element) => {
        const control = element as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
        // A radio group is refused as a whole: named by its field's label rather than by each option.
        const fieldLabel = control.closest('.ant-form-item')?.querySelector('label')?.textContent;
        const ownLabel = control.labels?.[0]?.textContent || control.getAttribute('aria-label');
        const label = control.type === 'radio' ? fieldLabel || control.name : ownLabel || fieldLabel;
        return `${label || control.name || control.id || control.tagName}: ${control.validationMessage}`;
      })
      .filter((text, index, all) => all.indexOf(text) === index);
    return { notices, refusedFields };
  });
}

function withinTime<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer in ${PAGE_ANSWER_MS} ms`)), PAGE_ANSWER_MS);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

async function describePage(watched: WatchedPage, index: number, screenshotBase: string, startedAt: number): Promise<string> {
  const { page } = watched;
  const lines = [`--- page ${index + 1}: ${page.url()}`];
  try {
    const file = index === 0 ? `${screenshotBase}.png` : `${screenshotBase}-page${index + 1}.png`;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    await withinTime(page.screenshot({ path: file, fullPage: true }), 'screenshot');
    lines.push(`screenshot: ${path.relative(process.cwd(), file)}`);
  } catch (error) {
    lines.push(`screenshot failed: ${(error as Error).message}`);
  }
  try {
    const { notices, refusedFields } = await withinTime(visibleNotices(page), 'notices');
    lines.push(`shown messages: ${notices.length > 0 ? notices.map((n) => `"${trimmed(n, BODY_CHARS)}"`).join('; ') : 'none'}`);
    if (refusedFields.length > 0) lines.push(`fields the browser's required check refuses: ${refusedFields.join('; ')}`);
  } catch (error) {
    lines.push(`messages unreadable: ${(error as Error).message}`);
  }
  lines.push(`errors: ${watched.errors.length > 0 ? '' : 'none'}`, ...watched.errors.map((e) => `  ${e}`));
  lines.push(`last ${watched.requests.length} requests and moves (seconds from the test's start):`);
  for (const request of watched.requests) {
    lines.push(`  ${((request.at - startedAt) / 1000).toFixed(1).padStart(6)} ${request.method} ${request.path}${request.sent ? ` (sent: ${request.sent})` : ''} → ${request.outcome}`);
  }
  return lines.join('\n');
}

function safeFileName(testName: string): string {
  return testName.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 120);
}

/** The report of everything open now, and the screenshots, for the failed test `testName` started at `startedAt`. */
export async function failureReport(testName: string, startedAt: number, screenshotDir: string): Promise<string> {
  const screenshotBase = path.join(screenshotDir, `FAILED-${safeFileName(testName)}`);
  const open = pages.filter((watched) => !watched.page.isClosed());
  const parts = [`Diagnostics of the failure (${open.length} open page(s)):`];
  for (const [index, watched] of open.entries()) parts.push(await describePage(watched, index, screenshotBase, startedAt));
  for (const server of servers) {
    const tail = server.output().trimEnd().split('\n').slice(-LOG_TAIL_LINES).join('\n');
    parts.push(`--- server ${server.baseUrl}, log tail:\n${tail || '(empty)'}`);
  }
  return parts.join('\n');
}

/** Hands the report to the e2e environment through the test file's global object; screenshots go to `screenshotDir`. */
export function installFailureReport(screenshotDir: string): void {
  const reporter: FailureReporter = (testName, startedAt) => failureReport(testName, startedAt, screenshotDir);
  (globalThis as unknown as Record<symbol, FailureReporter>)[FAILURE_REPORT_KEY] = reporter;
}
