// Whether the screen is worked with a finger (TOUCH_SCREEN_QUERY), following a change (a tablet's keyboard
// and trackpad attached or taken off).
import { useSyncExternalStore } from 'react';
import { TOUCH_SCREEN_QUERY } from './theme';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(TOUCH_SCREEN_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isTouchScreen = (): boolean => window.matchMedia(TOUCH_SCREEN_QUERY).matches;

export function useTouchScreen(): boolean {
  return useSyncExternalStore(subscribe, isTouchScreen, () => false);
}
