// The database watch behind the live feed's "Scans paused": down only after DATABASE_DOWN_AFTER failed
// probes in a row, up again at the first answer, probing only while someone listens.
import { createDatabaseWatch, DATABASE_DOWN_AFTER, DATABASE_WATCH_MS, type DatabaseState } from '../../../server/services/database-watch';

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

/** A probe whose answers the test sets; `calls` counts the probes made. */
function scriptedProbe() {
  const probe = { up: true, slowMs: 0, calls: 0 };
  const run = () => {
    probe.calls += 1;
    const up = probe.up;
    return probe.slowMs > 0 ? new Promise<boolean>((resolve) => setTimeout(() => resolve(up), probe.slowMs)) : Promise.resolve(up);
  };
  return { probe, run };
}

it('says down after two failed probes in a row, and up again at the first answer', async () => {
  const { probe, run } = scriptedProbe();
  const watch = createDatabaseWatch(run);
  const seen: DatabaseState[] = [];
  watch.subscribe((state) => seen.push(state));
  probe.up = false;
  await jest.advanceTimersByTimeAsync(DATABASE_WATCH_MS);
  expect(seen).toEqual([]);
  expect(watch.state).toBe('up');
  await jest.advanceTimersByTimeAsync(DATABASE_WATCH_MS * (DATABASE_DOWN_AFTER - 1));
  expect(seen).toEqual(['down']);
  await jest.advanceTimersByTimeAsync(DATABASE_WATCH_MS * 3);
  expect(seen).toEqual(['down']);
  probe.up = true;
  await jest.advanceTimersByTimeAsync(DATABASE_WATCH_MS);
  expect(seen).toEqual(['down', 'up']);
  expect(watch.state).toBe('up');
});

it('does not flap on one slow or failed probe between good ones', async () => {
  const { probe, run } = scriptedProbe();
  const watch = createDatabaseWatch(run);
  const seen: DatabaseState[] = [];
  watch.subscribe((state) => seen.push(state));
  for (let round = 0; round < 5; round += 1) {
    probe.up = false;
    await jest.advanceTimersByTimeAsync(DATABASE_WATCH_MS);
    probe.up = true;
    await jest.advanceTimersByTimeAsync(DATABASE_WATCH_MS);
  }
  expect(seen).toEqual([]);
});

it('sends no second probe while one is still out (a frozen database)', async () => {
  const { probe, run } = scriptedProbe();
  const watch = createDatabaseWatch(run);
  watch.subscribe(() => undefined);
  probe.slowMs = DATABASE_WATCH_MS * 3;
  await jest.advanceTimersByTimeAsync(DATABASE_WATCH_MS * 3);
  expect(probe.calls).toBe(1);
});

it('probes only while someone listens, at one pace however many listen', async () => {
  const { probe, run } = scriptedProbe();
  const watch = createDatabaseWatch(run);
  await jest.advanceTimersByTimeAsync(DATABASE_WATCH_MS * 4);
  expect(probe.calls).toBe(0);
  const stops = Array.from({ length: 10 }, () => watch.subscribe(() => undefined));
  await jest.advanceTimersByTimeAsync(DATABASE_WATCH_MS * 4);
  expect(probe.calls).toBe(4);
  for (const stop of stops) stop();
  await jest.advanceTimersByTimeAsync(DATABASE_WATCH_MS * 4);
  expect(probe.calls).toBe(4);
});

it('counts a probe that throws as a failure', async () => {
  const watch = createDatabaseWatch(() => Promise.reject(new Error('connection refused')));
  const seen: DatabaseState[] = [];
  watch.subscribe((state) => seen.push(state));
  await jest.advanceTimersByTimeAsync(DATABASE_WATCH_MS * DATABASE_DOWN_AFTER);
  expect(seen).toEqual(['down']);
});
