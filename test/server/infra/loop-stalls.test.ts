// The event loop's stalls are told as they end: a sampling tick that comes a second or more late.
import { LOOP_SAMPLE_MS, LOOP_STALL_MS, watchLoopStalls } from '../../../server/infra/loop-stalls';

afterEach(() => {
  jest.useRealTimers();
});

it('reports a stall of the event loop of LOOP_STALL_MS or more, with its length, and nothing for ticks on time or a little late', () => {
  jest.useFakeTimers();
  let now = 0;
  const stalls: number[] = [];
  const watch = watchLoopStalls({ clock: () => now, onStall: (stalledMs) => stalls.push(stalledMs) });
  const tick = (lateMs: number) => {
    now += LOOP_SAMPLE_MS + lateMs;
    jest.advanceTimersByTime(LOOP_SAMPLE_MS);
  };
  tick(0);
  tick(LOOP_STALL_MS - 1);
  expect(stalls).toEqual([]);
  tick(2500);
  tick(0);
  tick(LOOP_STALL_MS);
  expect(stalls).toEqual([2500, LOOP_STALL_MS]);
  watch.stop();
  tick(5000);
  expect(stalls).toHaveLength(2);
});
