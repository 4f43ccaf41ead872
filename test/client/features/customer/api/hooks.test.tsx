// The customer pages' data hooks (src/features/customer/api/hooks.tsx over SWR), as RTK Query behaved for
// these pages: one request per key, what a change makes stale refetched on screen and forgotten off it,
// a minute's grace after the last viewer, a failure kept with the data it had.
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { CustomerApiProvider, useGetCustomerProfileQuery, useGetWalletQuery, useUpdateCustomerProfileMutation } from '../../../../../src/features/customer/api/hooks';
import { KEEP_UNUSED_MS } from '../../../../../src/features/customer/api/cache';
import { installFakeApi, type FakeApi } from '../../../support/fakeHttp';

const WALLET = 'GET /api/customer/cards';
const PROFILE = 'GET /api/customer/me';
const SAVE_PROFILE = 'PATCH /api/customer/me';

let http: FakeApi;
beforeEach(() => {
  jest.useFakeTimers();
  http = installFakeApi();
  http.on(WALLET, { status: 200, body: { cards: [] } });
  http.on(PROFILE, { status: 200, body: { displayName: 'Ana', email: null } });
  http.on(SAVE_PROFILE, { status: 200, body: { displayName: 'Bo', email: null } });
});
afterEach(() => {
  http.restore();
  jest.useRealTimers();
});

const settle = () => act(() => jest.advanceTimersByTimeAsync(0));

/** Renders `useHooks` under one provider; `rerender` swaps which hooks are mounted, the cache stays. */
function renderWithCache<P, R>(useHooks: (props: P) => R, initialProps: P) {
  const wrapper = ({ children }: { children: ReactNode }) => <CustomerApiProvider>{children}</CustomerApiProvider>;
  return renderHook(useHooks, { wrapper, initialProps });
}

describe('customer data hooks', () => {
  it('asks once for a key however many viewers watch it, and keeps the answer', async () => {
    const { result } = renderWithCache(() => [useGetWalletQuery({}), useGetWalletQuery({})], {});
    expect(result.current[0].isLoading).toBe(true);
    await settle();
    expect(http.sent(WALLET)).toHaveLength(1);
    expect(result.current.map((wallet) => wallet.data)).toEqual([{ cards: [] }, { cards: [] }]);
  });

  it('refetches what is on screen when a change makes it stale, and forgets what is not', async () => {
    const { result, rerender } = renderWithCache(({ showProfile }: { showProfile: boolean }) => ({
      profile: useGetCustomerProfileQuery({ skip: !showProfile }),
      save: useUpdateCustomerProfileMutation()[0],
    }), { showProfile: true });
    await settle();
    expect(http.sent(PROFILE)).toHaveLength(1);
    http.on(PROFILE, { status: 200, body: { displayName: 'Bo', email: null } });
    await act(async () => {
      await result.current.save({ displayName: 'Bo' });
    });
    await settle();
    expect(http.sent(PROFILE)).toHaveLength(2);
    expect(result.current.profile.data).toEqual({ displayName: 'Bo', email: null });
    // Off screen, a stale answer is forgotten: showing it again asks anew, with nothing shown meanwhile.
    rerender({ showProfile: false });
    await act(async () => {
      await result.current.save({ displayName: 'Cy' });
    });
    rerender({ showProfile: true });
    expect(result.current.profile.isLoading).toBe(true);
    await settle();
    expect(http.sent(PROFILE)).toHaveLength(3);
  });

  it('keeps an answer a minute after its last viewer leaves, then forgets it', async () => {
    const { result, rerender } = renderWithCache(({ show }: { show: boolean }) => useGetCustomerProfileQuery({ skip: !show }), { show: true });
    await settle();
    rerender({ show: false });
    await act(() => jest.advanceTimersByTimeAsync(KEEP_UNUSED_MS - 1));
    rerender({ show: true });
    expect(result.current.data).toEqual({ displayName: 'Ana', email: null });
    rerender({ show: false });
    await act(() => jest.advanceTimersByTimeAsync(KEEP_UNUSED_MS));
    rerender({ show: true });
    expect(result.current.data).toBeUndefined();
    await settle();
    expect(http.sent(PROFILE)).toHaveLength(2);
  });

  it('keeps a failed answer as an error, with the data it had', async () => {
    const { result } = renderWithCache(() => useGetWalletQuery({}), {});
    await settle();
    http.on(WALLET, { status: 500, body: { error: 'down' } });
    await act(() => result.current.refetch());
    await settle();
    expect(result.current).toMatchObject({ isError: true, isSuccess: false, data: { cards: [] }, error: { status: 500, data: { error: 'down' } } });
  });
});
