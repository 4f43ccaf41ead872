// The customer pages' data hooks, shaped like RTK Query's (data, error, isLoading, isSuccess…), over SWR:
// the one data library that fits the customer pages' weight budget (docs/decisions/2026-11-25-customer-pages-data-client.md).
// On top of SWR: what a change makes stale is fetched again if it is on screen and forgotten if not, a
// result stays a minute after its last viewer leaves, and a mutation's result can be shared under a fixed
// key (a scan's result outlives the page, so coming back never scans again).
import { createContext, useCallback, useContext, useEffect, useId, useState, type ReactNode } from 'react';
import useSWR, { SWRConfig, useSWRConfig, type Cache } from 'swr';
import type { CardResponse, CustomerProfile, RedemptionDto, StoreDetailsResponse, UpdateCustomerRequest, WalletResponse } from '../../../api/contract/customer';
import { customerClient, type CustomerApiError } from './client';
import { Viewers } from './viewers';

const ViewersContext = createContext<Viewers | null>(null);

/** One cache for the customer pages; each render of the provider in a test starts empty. */
export function CustomerApiProvider({ children }: { children: ReactNode }) {
  const [cache] = useState(() => new Map() as Cache);
  const [viewers] = useState(() => new Viewers(cache));
  return (
    <SWRConfig
      value={{
        provider: () => cache,
        // As RTK Query: a cached result is shown without asking again, failures are not retried, and
        // nothing refetches on focus or reconnect (a page asks again when it says so).
        revalidateIfStale: false,
        revalidateOnFocus: false,
        revalidateOnReconnect: false,
        shouldRetryOnError: false,
        // Requests for a key in flight are shared; a finished one is not reused, so polling asks every time.
        dedupingInterval: 0,
      }}
    >
      <ViewersContext.Provider value={viewers}>{children}</ViewersContext.Provider>
    </SWRConfig>
  );
}

function useViewers(): Viewers {
  const viewers = useContext(ViewersContext);
  if (!viewers) throw new Error('Customer pages need a CustomerApiProvider above them');
  return viewers;
}

// Cache keys.
const WALLET = 'wallet';
const PROFILE = 'profile';
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

function useCustomerQuery<T>(key: string, load: () => Promise<T>, { skip = false, pollingInterval = 0 }: QueryOptions = {}): QueryResult<T> {
  const viewers = useViewers();
  const query = useSWR<T, CustomerApiError>(skip ? null : key, load, { refreshInterval: pollingInterval, refreshWhenHidden: true });
  useEffect(() => (skip ? undefined : viewers.watch(key)), [viewers, key, skip]);
  const { mutate } = query;
  const refetch = useCallback(async () => {
    await mutate();
  }, [mutate]);
  const fetching = query.isValidating;
  const failed = query.error !== undefined && !fetching;
  // The cast: isSuccess is computed, and it is true only with data (fetched, or fetching again with data).
  return {
    data: query.data,
    error: failed ? query.error : undefined,
    isUninitialized: skip,
    isLoading: query.isLoading,
    isFetching: fetching,
    isSuccess: query.data !== undefined && !failed,
    isError: failed,
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

type MutationState<T> = { status: 'pending' } | { status: 'fulfilled'; data: T } | { status: 'rejected'; error: CustomerApiError };

/** Refetches the keys on screen and forgets the others, after a change on the server. */
type Invalidate = (keys: readonly string[]) => void;

interface MutationTools {
  invalidate: Invalidate;
  /** Puts an answer in the cache without a request (e.g. the wallet emptied after its deletion). */
  replace: (key: string, data: unknown) => void;
}

function useMutationTools(): MutationTools {
  const viewers = useViewers();
  const { mutate, cache } = useSWRConfig();
  return {
    invalidate: (keys) => {
      for (const key of keys) {
        if (viewers.isShown(key)) void mutate(key);
        else cache.delete(key);
      }
    },
    replace: (key, data) => {
      if (cache.get(key)) void mutate(key, data, { revalidate: false });
    },
  };
}

/**
 * A call that changes something. With `fixedKey`, every component using that key shares one result, kept
 * for the life of the page (the scan of a QR link is never repeated by coming back to it).
 */
function useCustomerMutation<A, T>(run: (arg: A, tools: MutationTools) => Promise<T>, fixedKey?: string): [Trigger<A, T>, MutationResult<T>] {
  const ownKey = useId();
  // The result lives in SWR's cache under its own key (never fetched: no fetcher), shared by that key's users.
  const { data: state, mutate: setState } = useSWR<MutationState<T>>(`mutation:${fixedKey ?? ownKey}`, null);
  const tools = useMutationTools();
  const [latest] = useState(() => ({ run, tools }));
  latest.run = run;
  latest.tools = tools;
  const trigger = useCallback<Trigger<A, T>>(
    async (arg) => {
      const set = (next: MutationState<T>) => void setState(next, { revalidate: false });
      set({ status: 'pending' });
      try {
        const data = await latest.run(arg, latest.tools);
        set({ status: 'fulfilled', data });
        return { data };
      } catch (error) {
        const failure = error as CustomerApiError;
        set({ status: 'rejected', error: failure });
        return { error: failure };
      }
    },
    [setState, latest],
  );
  return [
    trigger,
    {
      data: state?.status === 'fulfilled' ? state.data : undefined,
      error: state?.status === 'rejected' ? state.error : undefined,
      isUninitialized: state === undefined,
      isLoading: state?.status === 'pending',
      isSuccess: state?.status === 'fulfilled',
      isError: state?.status === 'rejected',
      // The cast: a fulfilled mutation always holds its answer.
    } as MutationResult<T>,
  ];
}

// ---- The endpoints ----

/** Collect a stamp; the result is shared by every mount for the same token. */
export function useScanMutation(token: string) {
  return useCustomerMutation(async (scanToken: string, { invalidate }) => {
    const answer = await customerClient.scan(scanToken);
    invalidate([WALLET, cardKey(answer.card.id)]);
    return answer;
  }, `scan:${token}`);
}

export function useGetWalletQuery(options: QueryOptions) {
  return useCustomerQuery<WalletResponse>(WALLET, customerClient.getWallet, options);
}

export function useGetCustomerCardQuery(cardId: string, options: QueryOptions) {
  return useCustomerQuery<CardResponse>(cardKey(cardId), () => customerClient.getCard(cardId), options);
}

/** The store section of a card: read once per card while the page is open. */
export function useGetCardStoreQuery(cardId: string) {
  return useCustomerQuery<StoreDetailsResponse>(cardStoreKey(cardId), () => customerClient.getCardStore(cardId));
}

export function useClaimCardMutation() {
  return useCustomerMutation(async (cardId: string, { invalidate }) => {
    try {
      return await customerClient.claimCard(cardId);
    } finally {
      // A refused claim may mean the card changed (e.g. the store voided a stamp): read it again either way.
      invalidate([WALLET, cardKey(cardId)]);
    }
  });
}

/** The claim as it is now, polled while it is pending; see useClaimStatus. */
export function useGetClaimQuery(claimId: string, options: QueryOptions) {
  return useCustomerQuery<RedemptionDto>(claimKey(claimId), () => customerClient.getClaim(claimId), options);
}

/** The cached claim, without asking for it (no fetcher: this hook never requests). */
export function useCachedClaim(claimId: string): RedemptionDto | undefined {
  return useSWR<RedemptionDto>(claimKey(claimId), null).data;
}

export function useDeleteWalletMutation() {
  return useCustomerMutation(async (_: void, { replace }) => {
    const answer = await customerClient.deleteWallet();
    // Blank what this tab still holds (no refetch: without a credential it would only get 401s).
    replace(WALLET, { cards: [] } satisfies WalletResponse);
    replace(PROFILE, { displayName: null, email: null } satisfies CustomerProfile);
    return answer;
  });
}

export function useGetCustomerProfileQuery(options: QueryOptions) {
  return useCustomerQuery<CustomerProfile>(PROFILE, customerClient.getProfile, options);
}

export function useUpdateCustomerProfileMutation() {
  return useCustomerMutation(async (changes: UpdateCustomerRequest, { invalidate }) => {
    const answer = await customerClient.updateProfile(changes);
    invalidate([PROFILE]);
    return answer;
  });
}

export function useConfirmCustomerEmailMutation() {
  return useCustomerMutation(async (token: string, { invalidate }) => {
    const answer = await customerClient.confirmEmail(token);
    invalidate([PROFILE]);
    return answer;
  }, 'confirm-email');
}

export function useRequestRecoveryMutation() {
  return useCustomerMutation((email: string) => customerClient.requestRecovery(email));
}

export function useCompleteRecoveryMutation(token: string) {
  return useCustomerMutation(async (recoverToken: string, { invalidate }) => {
    const answer = await customerClient.completeRecovery(recoverToken);
    invalidate([WALLET, PROFILE]);
    return answer;
  }, `recover:${token}`);
}
