// Lets the fake API answer and React render under fake timers: RTK's auto-batching notifies
// subscribers on the next animation frame, so a few frames are advanced.
import { act } from '@testing-library/react';

export async function settle(): Promise<void> {
  for (let i = 0; i < 3; i += 1) await act(() => jest.advanceTimersByTimeAsync(20));
}
