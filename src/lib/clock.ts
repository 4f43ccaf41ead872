// Clock hooks for countdowns derived from deadlines: the store keeps epoch-ms deadlines, the component
// that shows a countdown re-renders on its own timer, so nothing else re-renders with it.
import { useEffect, useReducer } from 'react';

const rerenderCount = (count: number) => count + 1;

/**
 * The current time, with a re-render at every `stepMs` boundary counted from `anchor` (the steps of a
 * progress bar that started at `anchor`). The time is read during render, so a re-render for any other
 * reason (a new deadline from the store) never shows a time older than the change.
 */
export function useSteppedNow(stepMs: number, anchor = 0): number {
  const [, rerender] = useReducer(rerenderCount, 0);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      const sinceStep = (((Date.now() - anchor) % stepMs) + stepMs) % stepMs;
      timer = setTimeout(() => {
        rerender();
        schedule();
      }, stepMs - sinceStep);
    };
    schedule();
    return () => clearTimeout(timer);
  }, [stepMs, anchor]);
  return Date.now();
}

/** Whether `deadline` (epoch ms) has passed, with one re-render when it does; false for no deadline. */
export function useDeadlinePassed(deadline: number | null): boolean {
  const [, rerender] = useReducer(rerenderCount, 0);
  const passed = deadline !== null && Date.now() >= deadline;
  useEffect(() => {
    if (deadline === null || passed) return undefined;
    const timer = setTimeout(rerender, deadline - Date.now());
    return () => clearTimeout(timer);
  }, [deadline, passed]);
  return passed;
}
