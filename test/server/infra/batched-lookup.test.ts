// Lookups asked for together are answered by one load; lookups asked for later get a load of their own.
import { batchedLookup } from '../../../server/infra/batched-lookup';

function countingLookup() {
  const loads: string[][] = [];
  const lookup = batchedLookup(async (keys) => {
    loads.push([...keys]);
    return new Map(keys.filter((key) => key !== 'gone').map((key) => [key, `token-${key}`]));
  });
  return { loads, lookup };
}

test('fifty lookups started together are answered by one load, each with its own value', async () => {
  const { loads, lookup } = countingLookup();
  const keys = Array.from({ length: 50 }, (_, i) => `phone-${i}`);
  const answers = await Promise.all(keys.map((key) => lookup(key)));
  expect(answers).toEqual(keys.map((key) => `token-${key}`));
  expect(loads).toHaveLength(1);
  expect(loads[0]).toHaveLength(50);
});

test('a key the load does not find answers undefined; a lookup after the first load gets a new load', async () => {
  const { loads, lookup } = countingLookup();
  await expect(Promise.all([lookup('a'), lookup('gone')])).resolves.toEqual(['token-a', undefined]);
  await expect(lookup('b')).resolves.toBe('token-b');
  expect(loads).toEqual([['a', 'gone'], ['b']]);
});

test('a failed load fails every lookup it carried, and the next lookup loads again', async () => {
  let fail = true;
  const lookup = batchedLookup(async (keys) => {
    if (fail) throw new Error('database away');
    return new Map(keys.map((key) => [key, key.toUpperCase()]));
  });
  await expect(Promise.allSettled([lookup('a'), lookup('b')])).resolves.toMatchObject([{ status: 'rejected' }, { status: 'rejected' }]);
  fail = false;
  await expect(lookup('c')).resolves.toBe('C');
});
