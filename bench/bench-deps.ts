// The app's dependencies for an in-process bench: real config and database, the bench's fixed secret,
// no mail; the activity bus, menu scanner, clock and session length as the bench needs them.
import type { Config } from '../server/config';
import type { Db } from '../server/db';
import type { AppDeps } from '../server/deps';
import { createMenuScanQueue } from '../server/services/menu/scan-queue';
import { createQrTokens } from '../server/infra/qr-tokens';
import { createSessionTokens } from '../server/infra/session-tokens';
import { BENCH_SECRET } from './target-info';

interface BenchDepsParts extends Pick<AppDeps, 'activityBus'>, Partial<Pick<AppDeps, 'menuScanner' | 'now'>> {
  /** Session lifetime in hours (default 24). */
  sessionHours?: number;
}

export function benchDeps(config: Config, db: Db, parts: BenchDepsParts): AppDeps {
  const now = parts.now ?? Date.now;
  return {
    config,
    db,
    secret: BENCH_SECRET,
    sessions: createSessionTokens(BENCH_SECRET, parts.sessionHours ?? 24),
    qrTokens: createQrTokens(BENCH_SECRET, now),
    mailer: { send: async () => undefined, close: () => undefined },
    menuScanner: parts.menuScanner ?? { scan: async () => [], close: async () => undefined },
    menuScans: createMenuScanQueue(),
    activityBus: parts.activityBus,
    now,
  };
}
