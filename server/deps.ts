// What every route and service may use, built once per app (tests build their own).
import type { Config } from './config';
import type { Db } from './db';
import type { Mailer } from './services/mailer';
import type { MenuScanner } from './services/menu-scan';
import type { MenuScanQueue } from './services/menu/scan-queue';
import type { SessionTokens } from './services/session-tokens';
import type { QrTokens } from './services/qr-tokens';
import type { ActivityBus } from './services/activity-bus';
import type { RedisHandle } from './services/redis';

export interface AppDeps {
  config: Config;
  db: Db;
  /** The resolved HMAC secret (configured or generated once). */
  secret: string;
  sessions: SessionTokens;
  qrTokens: QrTokens;
  mailer: Mailer;
  menuScanner: MenuScanner;
  /** Which vendors' menus are being scanned, and the background run over registration menus (one per app). */
  menuScans: MenuScanQueue;
  /** Tells every server process about stamps and claims, for the live counter feed. */
  activityBus: ActivityBus;
  /** Shared counters and the live feed's fast path when REDIS_URL is set; everything works without it. */
  redis?: RedisHandle;
  /** The clock, in epoch milliseconds; tests replace it. */
  now: () => number;
}
