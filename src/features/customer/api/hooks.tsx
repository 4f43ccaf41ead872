// The customer pages' data hooks, shaped like the RTK Query hooks they replace (data, error, isLoading,
// isSuccess…), over one CustomerCache per app (CustomerApiProvider).
import { createContext, useCallback, useContext, useEffect, useId, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { CardResponse, ClaimResponse, CustomerProfile, RedemptionDto, StoreDetailsResponse, UpdateCustomerRequest, WalletResponse } from '../../../api/contract/customer';
import { CustomerCache, type RequestState } from './cache';
import { customerClient, type CustomerApiError } from './client';
import { newPhoneSecret } from '../customerCredential';

const CacheContext = createContext<CustomerCache | null>(null);

/** One cache for the customer pages; tests render each case with a new one. */
export function CustomerApiProvider({ cache, children }: { cache?: CustomerCache; children: ReactNode }) {
  const [own] = useState(() => cache ?? new CustomerCache());
  return <CacheContext.Provider value={own}>{children}</CacheContext.Provider>;
}

export function useCustomerCache(): CustomerCache {
  const cache = useContext(CacheContext);
  if (!cache) throw new Error('Customer pages need a CustomerApiProvider above them');
  return cache;
}

// Cache keys and the tags that make them stale.
const WALLET = 'wallet';
const PROFILE = 'profile';
const CARDS_TAG = 'cards';
const cardKey = (cardId: string) => `card:${cardId}`;
const claimKey = (claimId: string) => `claim:${claimId}`;
const cardStoreKey = (cardId: string) => `card-store:${cardId}`;

/** isSuccess tells that data is there (as with RTK Query's hooks). */
type WithData<T> = { isSuccess: true; data: T } | { isSuccess: false; data: T | undefined };

export type QueryResult<T> = WithData<T> & {
  error: CustomerApiError | undefined;
  isUninitialized: boolean;
  /** The first request, with nothing to show yet. */
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch: () => Promise<void>;
};

interface QueryOptions {
  skip?: boolean;
  /** Ask again this often while shown (0: never). Runs whether or not the tab has focus. */
  pollingInterval?: number;
}

function useCustomerQuery<T>(key: string, load: () => Promise<T>, tags: readonly string[], { skip = false, pollingInterval = 0 }: QueryOptions = {}): QueryResult<T> {
  const cache = useCustomerCache();
  const read = useCallback(() => (skip ? cache.queryState<T>('') : cache.queryState<T>(key)), [cache, key, skip]);
  const state = useSyncExternalStore(cache.subscribe, read, read);
  // `load` and `tags` are new each render; the key says what they load and invalidate, so the latest ones
  // are read when the key is watched instead of watching again on every render.
  const [latest] = useState(() => ({ load, tags }));
  latest.load = load;
  latest.tags = tags;
  useEffect(() => {
    if (skip) return undefined;
    return cache.watch(key, () => latest.load(), latest.tags);
  }, [cache, key, skip, latest]);
  useEffect(() => {
    if (skip || pollingInterval <= 0) return undefined;
    const timer = setInterval(() => void cache.refetch(key), pollingInterval);
    return () => clearInterval(timer);
  }, [cache, key, skip, pollingInterval]);
  const refetch = useCallback(() => cache.refetch(key), [cache, key]);
  const hasData = state.data !== undefined;
  // The cast: isSuccess is computed, and it is true only with data (fulfilled, or refetching with data).
  return {
    data: state.data,
    error: state.status === 'rejected' ? state.error : undefined,
    isUninitialized: state.status === 'uninitialized',
    isLoading: state.status === 'pending' && !hasData,
    isFetching: state.status === 'pending',
    isSuccess: state.status === 'fulfilled' || (state.status === 'pending' && hasData),
    isError: state.status === 'rejected',
    refetch,
  } as QueryResult<T>;
}

export type MutationResult<T> = WithData<T> & {
  error: CustomerApiError | undefined;
  isUninitialized: boolean;
  isLoading: boolean;
  isError: boolean;
};

/** What a mutation call ends with; the promise never rejects (the hook's state says it failed). */
export type MutationOutcome<T> = { data: T } | { error: CustomerApiError };

type Trigger<A, T> = (arg: A) => Promise<MutationOutcome<T>>;

/**
 * A call that changes something. With `fixedKey`, every component using that key shares one result, kept
 * for the life of the page (the scan of a QR link is never repeated by coming back to it).
 */
function useCustomerMutation<A, T>(run: (arg: A, cache: CustomerCache) => Promise<T>, fixedKey?: string): [Trigger<A, T>, MutationResult<T>] {
  const cache = useCustomerCache();
  const ownKey = useId();
  const key = fixedKey ?? `mutation${ownKey}`;
  const read = useCallback(() => cache.mutationState<T>(key), [cache, key]);
  const state: RequestState<T> = useSyncExternalStore(cache.subscribe, read, read);
  const [runner] = useState(() => ({ current: run }));
  runner.current = run;
  const trigger = useCallback<Trigger<A, T>>(
    async (arg) => {
      cache.setMutationState(key, { status: 'pending' });
      try {
        const data = await runner.current(arg, cache);
        cache.setMutationState(key, { status: 'fulfilled', data });
        return { data };
      } catch (error) {
        const failure = error as CustomerApiError;
        cache.setMutationState(key, { status: 'rejected', error: failure });
        return { error: failure };
      }
    },
    [cache, key, runner],
  );
  return [
    trigger,
    {
      data: state.data,
      error: state.error,
      isUninitialized: state.status === 'uninitialized',
      isLoading: state.status === 'pending',
      isSuccess: state.status === 'fulfilled',
      isError: state.status === 'rejected',
      // The cast: a fulfilled mutation always holds its answer.
    } as MutationResult<T>,
  ];
}

// ---- The endpoints ----

/** Collect a stamp; the result is shared by every mount for the same token. */
export function useScanMutation(token: string) {
  return useCustomerMutation(async (scanToken: string, cache) => {
    const answer = await customerClient.scan(scanToken, cache.scanAttempt(scanToken, newPhoneSecret));
    cache.invalidate([CARDS_TAG, cardKey(answer.card.id)]);
    return answer;
  }, `scan:${token}`);
}

export function useGetWalletQuery(options: QueryOptions) {
  return useCustomerQuery<WalletResponse>(WALLET, customerClient.getWallet, [CARDS_TAG], options);
}

export function useGetCustomerCardQuery(cardId: string, options: QueryOptions) {
  return useCustomerQuery<CardResponse>(cardKey(cardId), () => customerClient.getCard(cardId), [cardKey(cardId)], options);
}

/** The store section of a card: read once per card while the page is open. */
export function useGetCardStoreQuery(cardId: string) {
  return useCustomerQuery<StoreDetailsResponse>(cardStoreKey(cardId), () => customerClient.getCardStore(cardId), []);
}

/**
 * Claims a full card. `seenAt` is the `updatedAt` of the card the phone showed: when the claim fails (the answer was
 * lost as the network dropped, or a retry of such a claim is refused because the card is empty now), the card is
 * read again and a pending claim made since then is the one this customer just made, shown instead of the error.
 */
export function useClaimCardMutation() {
  return useCustomerMutation(async ({ cardId, seenAt }: { cardId: string; seenAt: number }, cache) => {
    try {
      return await customerClient.claimCard(cardId);
    } catch (error) {
      const made = await claimMadeSince(cardId, seenAt);
      if (made) return made;
      throw error;
    } finally {
      // A refused claim may mean the card changed (e.g. the store voided a stamp): read it again either way.
      cache.invalidate([CARDS_TAG, cardKey(cardId)]);
    }
  });
}

async function claimMadeSince(cardId: string, seenAt: number): Promise<ClaimResponse | null> {
  try {
    const { card, redemptions } = await customerClient.getCard(cardId);
    const redemption = redemptions.find((claim) => claim.status === 'pending' && claim.claimedAt >= seenAt);
    return redemption ? { redemption, card } : null;
  } catch {
    // Still unreachable: the claim's own error says so.
    return null;
  }
}

/** The claim as it is now, polled while it is pending; see useClaimStatus. */
export function useGetClaimQuery(claimId: string, options: QueryOptions) {
  return useCustomerQuery<RedemptionDto>(claimKey(claimId), () => customerClient.getClaim(claimId), [], options);
}

/** The cached claim, without asking for it. */
export function useCachedClaim(claimId: string): RedemptionDto | undefined {
  const cache = useCustomerCache();
  const read = useCallback(() => cache.queryState<RedemptionDto>(claimKey(claimId)), [cache, claimId]);
  return useSyncExternalStore(cache.subscribe, read, read).data;
}

export function useDeleteWalletMutation() {
  return useCustomerMutation(async (_: void, cache) => {
    const answer = await customerClient.deleteWallet();
    // Blank what this tab still holds (no refetch: without a credential it would only get 401s).
    cache.upsert(WALLET, { cards: [] } satisfies WalletResponse);
    cache.upsert(PROFILE, { displayName: null, email: null } satisfies CustomerProfile);
    return answer;
  });
}

export function useGetCustomerProfileQuery(options: QueryOptions) {
  return useCustomerQuery<CustomerProfile>(PROFILE, customerClient.getProfile, [PROFILE], options);
}

export function useUpdateCustomerProfileMutation() {
  return useCustomerMutation(async (changes: UpdateCustomerRequest, cache) => {
    const answer = await customerClient.updateProfile(changes);
    cache.invalidate([PROFILE]);
    return answer;
  });
}

export function useConfirmCustomerEmailMutation() {
  return useCustomerMutation(async (token: string, cache) => {
    const answer = await customerClient.confirmEmail(token);
    cache.invalidate([PROFILE]);
    return answer;
  }, 'confirm-email');
}

export function useRequestRecoveryMutation() {
  return useCustomerMutation((email: string) => customerClient.requestRecovery(email));
}

export function useCompleteRecoveryMutation(token: string) {
  return useCustomerMutation(async ({ token: recoverToken, confirmMerge = false }: { token: string; confirmMerge?: boolean }, cache) => {
    const answer = await customerClient.completeRecovery(recoverToken, confirmMerge);
    cache.invalidate([CARDS_TAG, PROFILE]);
    return answer;
  }, `recover:${token}`);
}
