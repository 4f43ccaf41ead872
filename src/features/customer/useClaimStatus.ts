// The claim on the reward screen as it is now. Polled once a second while it is pending, so the
// screen turns to "Enjoy your …" within 2 s of the counter's hand-over; polling stops once it is settled.
// Polling, not a stream: one row that changes once, no per-phone connection to hold open on the server,
// and it works through any proxy and across servers (the database is the only shared state it needs).
import type { RedemptionDto } from '../../api/contract/customer';
import { CLAIM_POLL_MS } from '../../api/contract/protocol';
import { useCachedClaim, useGetClaimQuery } from './api/hooks';

export function useClaimStatus(initial: RedemptionDto): RedemptionDto {
  // What the cache holds now (no subscription of its own): decides whether to keep polling.
  const cached = useCachedClaim(initial.id);
  const latest = cached ?? initial;
  const pending = latest.status === 'pending';
  const { data } = useGetClaimQuery(initial.id, {
    skip: initial.status !== 'pending' && !cached,
    // The phone is in the customer's hand at the counter: polling goes on without focus too.
    pollingInterval: pending ? CLAIM_POLL_MS : 0,
  });
  return data ?? latest;
}
