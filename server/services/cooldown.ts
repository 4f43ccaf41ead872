// The stamping cooldown: shared by stamping and by the wallet merge, which replays stamps under the same rule.
import type { AppDeps } from '../deps';
import type { QrTokenKind } from '../infra/qr-tokens';

/** Minutes a customer waits between stamps at one store; the flyer's longer wait also counts every stamp. */
export function cooldownMinutes(deps: Pick<AppDeps, 'config'>, kind: QrTokenKind): number {
  const { stampCooldownMinutes, printableCooldownMinutes } = deps.config;
  return kind === 'printable' ? Math.max(stampCooldownMinutes, printableCooldownMinutes) : stampCooldownMinutes;
}
