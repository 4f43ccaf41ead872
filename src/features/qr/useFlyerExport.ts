// 'Export PNG': fetch the printable token, render the flyer off-screen, capture it 300 ms later, download it.
import { useCallback, useRef, useState } from 'react';
import { QR_TIMING } from '../../constants';
import { exportFlyerPng } from './exportFlyer';
import { useGetPrintableQrMutation } from './qrApi';
import { useMarkFlyerPrintedMutation } from '../first-day/firstDayApi';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function useFlyerExport(vendorId: string) {
  const [getPrintable] = useGetPrintableQrMutation();
  const [markFlyerPrinted] = useMarkFlyerPrintedMutation();
  const flyerRef = useRef<HTMLDivElement>(null);
  const [flyerUrl, setFlyerUrl] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  const exportFlyer = useCallback(async () => {
    setExporting(true);
    try {
      const { url } = await getPrintable({ vendorId }).unwrap();
      setFlyerUrl(url);
      // Give the flyer (its QR canvas and logo) 300 ms to render before capturing it.
      await wait(QR_TIMING.flyerRenderDelayMs);
      if (!flyerRef.current) throw new Error('the flyer is not on the page');
      await exportFlyerPng(flyerRef.current);
      // The first-day checklist's second step; a failure to record it must not spoil the download.
      markFlyerPrinted(vendorId).unwrap().catch(() => undefined);
    } catch (error) {
      // Console only.
      console.error('Failed to export flyer', error);
    } finally {
      setFlyerUrl(null);
      setExporting(false);
    }
  }, [getPrintable, markFlyerPrinted, vendorId]);

  return { exportFlyer, exporting, flyerUrl, flyerRef };
}
