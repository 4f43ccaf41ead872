// The customer pages' request cache (src/features/customer/api/cache.ts): what RTK Query's cache did for
// these pages — one request per key, refetch on invalidation, a minute's grace after the last viewer.
import { CustomerCache, KEEP_UNUSED_MS } from '../../../../../src/features/customer/api/cache';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** A loader whose answers the test releases one by one. */
function controlledLoader() {
  const pending: ((value: unknown) => void)[] = [];
  const load = jest.fn(() => new Promise<unknown>((resolve) => pending.push(resolve)));
  return { load, answer: async (value: unknown) => { pending.shift()?.(value); await Promise.resolve(); await Promise.resolve(); } };
}

describe('CustomerCache', () => {
  it('asks once for a key however many viewers watch it, and keeps the answer', async () => {
    const cache = new CustomerCache();
    const { load, answer } = controlledLoader();
    const releaseA = cache.watch('wallet', load, ['cards']);
    const releaseB = cache.watch('wallet', load, ['cards']);
    expect(cache.queryState('wallet').status).toBe('pending');
    await answer({ cards: [] });
    expect(load).toHaveBeenCalledTimes(1);
    expect(cache.queryState('wallet')).toEqual({ status: 'fulfilled', data: { cards: [] } });
    releaseA();
    releaseB();
  });

  it('refetches what is on screen when its tag is invalidated, and forgets what is not', async () => {
    const cache = new CustomerCache();
    const wallet = controlledLoader();
    const card = controlledLoader();
    cache.watch('wallet', wallet.load, ['cards']);
    const releaseCard = cache.watch('card:1', card.load, ['card:1']);
    await wallet.answer({ cards: [] });
    await card.answer({ id: '1' });
    releaseCard();

    cache.invalidate(['cards', 'card:1']);
    expect(wallet.load).toHaveBeenCalledTimes(2);
    // The old answer stays on screen while the new one comes.
    expect(cache.queryState('wallet')).toEqual({ status: 'pending', data: { cards: [] } });
    expect(cache.queryState('card:1').status).toBe('uninitialized');
    expect(card.load).toHaveBeenCalledTimes(1);
  });

  it('keeps an answer a minute after its last viewer leaves, then forgets it', async () => {
    const cache = new CustomerCache();
    const { load, answer } = controlledLoader();
    const release = cache.watch('profile', load, ['profile']);
    await answer({ displayName: 'Ana', email: null });
    release();
    jest.advanceTimersByTime(KEEP_UNUSED_MS - 1);
    cache.watch('profile', load, ['profile'])();
    expect(load).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(KEEP_UNUSED_MS);
    expect(cache.queryState('profile').status).toBe('uninitialized');
  });

  it('keeps a failed answer as an error, with the data it had', async () => {
    const cache = new CustomerCache();
    let fail = false;
    const load = jest.fn(() => (fail ? Promise.reject({ status: 500, data: { error: 'down' } }) : Promise.resolve({ cards: [] })));
    cache.watch('wallet', load, ['cards']);
    await jest.advanceTimersByTimeAsync(0);
    fail = true;
    await cache.refetch('wallet');
    expect(cache.queryState('wallet')).toEqual({ status: 'rejected', data: { cards: [] }, error: { status: 500, data: { error: 'down' } } });
  });
});
