// What every route and service may use, built once per app (tests build their own).
import type { Config } from './config';
import type { Db } from './db';
import type { Mailer } from './infra/mailer';
import type { MenuScanner } from './menu-scan';
import type { MenuScanQueue } from './services/menu/scan-queue';
import type { SessionTokens } from './infra/session-tokens';
import type { QrTokens } from './infra/qr-tokens';
import type { ActivityBus } from './infra/activity-bus';
import type { RedisHandle } from './infra/redis';
import type { GoogleWalletClient } from './infra/google-wallet';
import type { WebPushClient } from './infra/web-push';
import type { RequestsInFlight } from './infra/requests-in-flight';

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
  /** The Google Wallet API when GOOGLE_WALLET_ISSUER_ID and GOOGLE_WALLET_KEY_FILE are set. */
  googleWallet?: GoogleWalletClient;
  /** Web push with this server's VAPID keys (main.ts always builds it; test apps that need it pass one). */
  webPush?: WebPushClient;
  /**
   * The requests being answered, for background work that waits for a moment between them (the campaign
   * plan and sends). main.ts always builds it; without it background work only yields a turn.
   */
  requestsInFlight?: RequestsInFlight;
  /** The clock, in epoch milliseconds; tests replace it. */
  now: () => number;
}
