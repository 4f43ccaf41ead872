// The menu scan queue (deps.menuScans): the per-vendor gate with its server-wide cap, and the one-run-
// at-a-time drain of registration menus. Each app builds its own, so nothing is shared between apps.
import { createMenuScanQueue, DrainRuns, MAX_CONCURRENT_SCANS } from '../../../../server/services/menu/scan-queue';

/** A promise the test settles when it likes. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('the scan gate', () => {
  test('one scan per vendor: a second is 429 until the first releases; released twice is harmless', () => {
    const { gate } = createMenuScanQueue();
    const release = gate.tryEnter('v1');
    expect(() => gate.tryEnter('v1')).toThrow(expect.objectContaining({ statusCode: 429, message: 'A menu is already being scanned. Please wait for it to finish.' }));
    release();
    release();
    expect(() => gate.tryEnter('v1')()).not.toThrow();
  });

  test(`a server-wide cap (${MAX_CONCURRENT_SCANS} by default): one vendor more is 429`, () => {
    const { gate } = createMenuScanQueue({ maxConcurrentScans: 2 });
    gate.tryEnter('a');
    gate.tryEnter('b');
    expect(() => gate.tryEnter('c')).toThrow(expect.objectContaining({ statusCode: 429, message: 'The menu scanner is busy. Please try again in a minute.' }));
  });

  test('enter waits for the vendor\'s running scan instead of refusing', async () => {
    const { gate } = createMenuScanQueue();
    const releaseFirst = gate.tryEnter('v1');
    let entered = false;
    const second = gate.enter('v1').then((release) => {
      entered = true;
      return release;
    });
    await Promise.resolve();
    expect(entered).toBe(false);
    releaseFirst();
    (await second)();
    expect(entered).toBe(true);
  });

  test('two queues (two apps) never share a gate', () => {
    const first = createMenuScanQueue();
    const second = createMenuScanQueue();
    first.gate.tryEnter('v1');
    expect(() => second.gate.tryEnter('v1')).not.toThrow();
  });
});

describe('DrainRuns', () => {
  test('a call during a run queues one more run, which every later call shares', async () => {
    const runs = new DrainRuns<number>();
    const gates = [deferred<number>(), deferred<number>()];
    let started = 0;
    const drain = () => gates[started++].promise;

    const first = runs.run(drain);
    const queuedA = runs.run(drain);
    const queuedB = runs.run(drain);
    expect(queuedB).toBe(queuedA);
    expect(started).toBe(1);

    gates[0].resolve(10);
    expect(await first).toBe(10);
    await Promise.resolve();
    expect(started).toBe(2);
    gates[1].resolve(20);
    expect(await queuedA).toBe(20);
    expect(started).toBe(2);
  });

  test('stop() is seen by the run and waits for it to end', async () => {
    const runs = new DrainRuns<string>();
    const gate = deferred<string>();
    const run = runs.run(() => gate.promise);
    let stopped = false;
    const stopping = runs.stop().then(() => {
      stopped = true;
    });
    expect(runs.stopped).toBe(true);
    await Promise.resolve();
    expect(stopped).toBe(false);
    gate.resolve('done');
    await stopping;
    expect(await run).toBe('done');
  });
});
