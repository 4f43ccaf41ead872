// Browser-test harness: starts the BUILT app on a random port with a temp DATA_DIR and a real SMTP
// capture server, drives Debian's Chromium with playwright-core, and checks pages with axe-core.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { freePort } from '../support/free-port';
import { installFailureReport, watchBrowser, watchServer } from './failure-report';
import { startFakeSmtpServer, type CapturedMail } from '../support/fake-smtp';
import { CLIENT_DIR, CLIENT_INDEX, SERVER_ENTRY } from '../../scripts/build-output';
import { SERVER_NODE_ARGS } from '../../scripts/server-node-args';
export { freePort };

const ROOT = path.resolve(__dirname, '../..');
export const SCREENSHOT_DIR = path.join(ROOT, 'test-results', 'screenshots');
installFailureReport(SCREENSHOT_DIR);

export type { CapturedMail };

export interface E2eServer {
  baseUrl: string;
  dataDir: string;
  mails: CapturedMail[];
  /** Resolves with the first mail to `to` received after `since` (epoch ms; default: any). */
  waitForMail(to: string, options?: { since?: number; timeoutMs?: number }): Promise<CapturedMail>;
  /** Server output so far (stdout + stderr), for failure messages. */
  output(): string;
  /** The server process itself (the fault suite signals it and watches how it exits). */
  process: ChildProcess;
  stop(): Promise<void>;
}


async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`server did not become healthy in ${timeoutMs} ms:\n${output()}`);
}

/**
 * Ends the server process: SIGTERM, and SIGKILL if it has not exited 10 s later. The 10 s timer is cleared once
 * the process exits — left pending, it kept jest running after the last test ("Jest did not exit one second
 * after the test run has completed").
 */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  let graceTimer: NodeJS.Timeout | undefined;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const grace = new Promise<'timeout'>((resolve) => {
    graceTimer = setTimeout(() => resolve('timeout'), 10_000);
  });
  child.kill('SIGTERM');
  const outcome = await Promise.race([exited, grace]);
  clearTimeout(graceTimer);
  if (outcome === 'timeout') {
    child.kill('SIGKILL');
    await exited;
  }
}

export interface StartOptions {
  /**
   * The host name customers' phones use (PUBLIC_URL = http://<publicHost>:<port>), as on a shop's Wi-Fi where the
   * counter PC is reached by its LAN name or address; the browser maps it to 127.0.0.1 (see launchBrowser).
   */
  publicHost?: string;
  /** How long the server may take to answer health (30 s unless set): a first start migrates a new database. */
  healthyWithinMs?: number;
}

/** Starts `dist/server/main.js` (run `npm run build` first) with its own data directory and mail capture. */
export async function startServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<E2eServer> {
  const entry = path.join(ROOT, SERVER_ENTRY);
  if (!fs.existsSync(entry) || !fs.existsSync(path.join(ROOT, CLIENT_INDEX))) {
    throw new Error('The app is not built: run `npm run build` before the browser tests.');
  }
  const smtp = await startFakeSmtpServer();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-e2e-'));
  let log = '';
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: options.publicHost ? `http://${options.publicHost}:${port}` : baseUrl,
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      CLIENT_DIR: path.join(ROOT, CLIENT_DIR),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => { log += chunk.toString(); });
  child.stderr?.on('data', (chunk: Buffer) => { log += chunk.toString(); });
  try {
    await waitForHealth(baseUrl, child, () => log, options.healthyWithinMs);
  } catch (error) {
    // A server that never became healthy is nobody's to stop: left running, it would keep the test run from ending.
    child.kill('SIGKILL');
    await smtp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const unwatch = watchServer({ baseUrl, output: () => log });

  return {
    baseUrl,
    dataDir,
    mails: smtp.mails,
    output: () => log,
    process: child,
    // A mail that never comes is explained by the server's own log.
    waitForMail: (to, options) => smtp.waitForMail(to, options).catch((error: Error) => Promise.reject(new Error(`${error.message}\n${log}`))),
    async stop() {
      unwatch();
      await stopChild(child);
      await smtp.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The first link in a mail whose path starts with `pathPrefix` (e.g. '/verify/'). */
export function linkFrom(mail: CapturedMail, pathPrefix: string): string {
  const links = `${mail.text}\n${mail.html}`.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  const link = links.find((l) => new URL(l).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`no ${pathPrefix} link in mail "${mail.subject}":\n${mail.text}`);
  return link;
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Debian's Chromium; `resolveToLoopback` host names resolve to 127.0.0.1 as a LAN name would to the shop PC. */
export async function launchBrowser(options: { resolveToLoopback?: string[] } = {}): Promise<Browser> {
  const hostRules = (options.resolveToLoopback ?? []).map((host) => `MAP ${host} 127.0.0.1`).join(',');
  const args = hostRules ? [...CHROMIUM_ARGS, `--host-resolver-rules=${hostRules}`] : CHROMIUM_ARGS;
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args, headless: true });
  watchBrowser(browser);
  return browser;
}

export interface PageHandle {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
  /** Every console message (type: text). */
  console: string[];
}

export async function newPage(browser: Browser, options: { viewport?: { width: number; height: number }; isMobile?: boolean } = {}): Promise<PageHandle> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 800 },
    isMobile: options.isMobile,
    hasTouch: options.isMobile,
    acceptDownloads: true,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  const errors: string[] = [];
  const consoleLines: string[] = [];
  page.on('console', (message) => {
    consoleLines.push(`${message.type()}: ${message.text()}`);
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors, console: consoleLines };
}

export interface SignedUpVendor {
  vendorId: string;
  token: string;
  email: string;
  password: string;
  name: string;
  company: string;
}

let vendorCounter = 0;

/**
 * Registers, verifies and sets a password through the API (as the UI would), returning a session. The
 * verification mail is read from `mailbox`: the server's own capture unless its SMTP_URL points elsewhere.
 */
export async function signUpVendor(
  server: E2eServer,
  overrides: Partial<{ name: string; company: string; email: string; password: string }> = {},
  mailbox: Pick<E2eServer, 'waitForMail'> = server,
): Promise<SignedUpVendor> {
  vendorCounter += 1;
  const email = overrides.email ?? `vendor${Date.now()}${vendorCounter}@example.com`;
  const name = overrides.name ?? 'Ana Barista';
  const company = overrides.company ?? 'Bean There Café';
  const password = overrides.password ?? 'flat-white-2026!';
  const since = Date.now();
  const form = new FormData();
  form.set('name', name);
  form.set('business', company);
  form.set('email', email);
  form.set('address', '12 Harbour Street, Wellington');
  form.set('openingHours', 'Mon–Fri 7:00–15:00');
  form.set('website', 'https://beanthere.example');
  const registered = await fetch(`${server.baseUrl}/api/auth/register`, { method: 'POST', body: form });
  if (!registered.ok) throw new Error(`register failed: ${registered.status} ${await registered.text()}`);
  const mail = await mailbox.waitForMail(email, { since });
  const verifyToken = new URL(linkFrom(mail, '/verify/')).pathname.split('/').pop() ?? '';
  const verified = (await (await fetch(`${server.baseUrl}/api/auth/verify/${verifyToken}`)).json()) as { ok: boolean; vendorId: string };
  if (!verified.ok) throw new Error(`verify failed: ${JSON.stringify(verified)}`);
  const completed = await fetch(`${server.baseUrl}/api/auth/complete-registration/${verifyToken}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ vendorId: verified.vendorId, password }),
  });
  const body = (await completed.json()) as { token: string; vendorId: string };
  if (!completed.ok) throw new Error(`complete-registration failed: ${JSON.stringify(body)}`);
  return { vendorId: body.vendorId, token: body.token, email, password, name, company };
}

export interface E2eApp {
  server: E2eServer;
  browser: Browser;
  /** A vendor signed up (registered, verified, password set) before the tests. */
  vendor: SignedUpVendor;
}

/**
 * The usual frame of a browser-test file: before its tests, the built app (with `env`), Chromium and one
 * signed-up vendor; after them, the browser (with every context opened on it) and the server closed.
 * The fields are filled in by the time the file's own beforeAll hooks run.
 */
export function useE2eApp(options: { env?: Record<string, string>; vendor?: Parameters<typeof signUpVendor>[1]; publicHost?: string } = {}): E2eApp {
  const app = {} as E2eApp;
  beforeAll(async () => {
    app.server = await startServer(options.env, { publicHost: options.publicHost });
    app.browser = await launchBrowser({ resolveToLoopback: options.publicHost ? [options.publicHost] : [] });
    app.vendor = await signUpVendor(app.server, options.vendor);
  });
  afterAll(async () => {
    await app.browser?.close();
    await app.server?.stop();
  });
  return app;
}

/** A square store logo, made on the fly: a cream cup on espresso brown. */
export function logoPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
    <rect width="256" height="256" fill="#3b2314"/>
    <path d="M70 100h100v50a45 45 0 0 1-45 45h-10a45 45 0 0 1-45-45z" fill="#f3e3cf"/>
    <path d="M170 112h14a20 20 0 0 1 0 40h-14" fill="none" stroke="#f3e3cf" stroke-width="12"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Saves the vendor's store profile with `logo` through the API (POST /api/vendor/{id}, multipart), as Store Settings does. */
export async function uploadStoreLogo(server: E2eServer, vendor: SignedUpVendor, logo: Buffer): Promise<void> {
  const form = new FormData();
  form.set('company', vendor.company);
  form.set('address', '12 Harbour Street, Wellington');
  form.set('open_hours', 'Mon–Fri 7:00–15:00');
  form.set('website', 'https://beanthere.example');
  form.set('logo', new Blob([new Uint8Array(logo)], { type: 'image/png' }), 'logo.png');
  const response = await fetch(`${server.baseUrl}/api/vendor/${vendor.vendorId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${vendor.token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`logo upload failed: ${response.status} ${await response.text()}`);
}

/** Puts the vendor's session token in local storage and opens `pathname` (default: the dashboard). */
export async function signInPage(page: Page, server: E2eServer, vendor: SignedUpVendor, pathname = `/dashboard/${vendor.vendorId}`): Promise<void> {
  await page.goto(`${server.baseUrl}/login`);
  await page.evaluate((token) => localStorage.setItem('token', token), vendor.token);
  await page.goto(`${server.baseUrl}${pathname}`);
}

/**
 * A new page at `viewport` with `app`'s vendor signed in, on `/{route}/{vendorId}` once its heading is there.
 * The caller closes `context`.
 */
export async function openVendorPage(
  app: E2eApp,
  route: string,
  options: { viewport: { width: number; height: number }; isMobile?: boolean },
): Promise<PageHandle> {
  const { width, height } = options.viewport;
  const handle = await newPage(app.browser, { viewport: { width, height }, isMobile: options.isMobile });
  await signInPage(handle.page, app.server, app.vendor, `/${route}/${app.vendor.vendorId}`);
  await handle.page.locator('main h1').first().waitFor();
  return handle;
}

/**
 * A screenshot once antd's entrance animations and transitions have finished (so axe, next, sees final
 * colours too). Waits for the running animations themselves rather than a flat delay; endless ones
 * (spinners, the reward-ready pulse) never finish and are not waited for.
 */
export async function settledScreenshot(page: Page, name: string, fullPage = true): Promise<void> {
  await animationsSettled(page);
  await screenshot(page, name, { fullPage });
}

/**
 * The focused element as a screen reader would name it: its tag (`body` when focus fell to the page) and its
 * aria-label, aria-labelledby text, <label>, text or placeholder.
 */
export function focusedElement(page: Page): Promise<{ tag: string; name: string }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'body', name: '' };
    // A node's words as a screen reader takes them: without what is hidden from it (a required field's asterisk).
    const spoken = (node: Element | null | undefined) => {
      if (!node) return '';
      const copy = node.cloneNode(true) as Element;
      copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
      return copy.textContent ?? '';
    };
    const labelledBy = el.getAttribute('aria-labelledby');
    const byId = labelledBy ? labelledBy.split(' ').map((id) => spoken(document.getElementById(id))).join(' ') : '';
    const forLabel = el.id ? spoken(document.querySelector(`label[for="${CSS.escape(el.id)}"]`)) : '';
    return { tag: el.tagName.toLowerCase(), name: (el.getAttribute('aria-label') || byId || forLabel || el.textContent || el.getAttribute('placeholder') || '').trim() };
  });
}

/** Resolves once every finite animation on the page has finished (endless ones are not waited for). */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

/** Calls the API as the vendor. */
export async function vendorApi<T>(server: E2eServer, vendor: SignedUpVendor, method: string, pathname: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.baseUrl}${pathname}`, {
    method,
    headers: { authorization: `Bearer ${vendor.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${pathname} → ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Fails with a readable list when axe-core finds accessibility violations on the page. */
export async function checkA11y(page: Page, context = ''): Promise<void> {
  // A toast still fading in (antd's message) has its final colours only at the end of the fade: axe read
  // its text at part opacity as a contrast failure. Check what the user sees once things stand still.
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).analyze();
  if (results.violations.length > 0) {
    const summary = results.violations
      .map((v) => `- ${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('\n    ')}`)
      .join('\n');
    throw new Error(`axe-core found ${results.violations.length} violation(s) ${context}:\n${summary}`);
  }
}

export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true });
  return file;
}

/** True when the page scrolls sideways (it must not, from 1280 px down to 768 px). */
export async function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.scrollingElement ?? document.documentElement;
    return el.scrollWidth > el.clientWidth + 1;
  });
}

/**
 * Whether an <img> shows its picture, once it has loaded: an element on the page may not have fetched its
 * picture yet (reading naturalWidth at once then says 0 on a busy machine); a broken picture answers false.
 */
export async function imageShows(image: Locator): Promise<boolean> {
  return image.evaluate(async (img: HTMLImageElement) => {
    try {
      await img.decode();
    } catch {
      return false;
    }
    return img.naturalWidth > 0;
  });
}
