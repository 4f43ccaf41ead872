// The content box of an element, followed with ResizeObserver: the counter QR takes the largest square that fits.
import { useEffect, useRef, useState } from 'react';

export function useBoxSize<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver((entries) => {
      const box = entries[0]?.contentRect;
      if (box) setSize({ width: box.width, height: box.height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, size] as const;
}

/** The largest square QR for a box (at least 160 px, the page's own minimum). */
export function counterQrSize({ width, height }: { width: number; height: number }): number {
  const side = Math.floor(Math.min(width, height));
  return Number.isFinite(side) && side > 0 ? Math.max(160, side) : 320;
}
