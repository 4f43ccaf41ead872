// The current time, re-read every `intervalMs` (the reward-ready screen's running clock).
import { useEffect, useState } from 'react';

export function useClock(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
