// 'Print flyer': fetch the printable token, put the print-sized flyer in the page (shown only in
// print, see qr.css), then open the browser's print dialog and record that the flyer was printed.
import { useCallback, useEffect, useState } from 'react';
import { useMarkFlyerPrintedMutation } from '../first-day/firstDayApi';
import { useGetPrintableQrMutation } from './qrApi';

export function useFlyerPrint(vendorId: string) {
  const [getPrintable] = useGetPrintableQrMutation();
  const [markFlyerPrinted] = useMarkFlyerPrintedMutation();
  /** The flyer's scan URL once fetched: the print flyer stays in the page, so Ctrl+P prints it too. */
  const [printUrl, setPrintUrl] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [printing, setPrinting] = useState(false);

  const printFlyer = useCallback(async () => {
    setPrinting(true);
    try {
      const { url } = await getPrintable({ vendorId }).unwrap();
      setPrintUrl(url);
      setPending(true);
    } catch (error) {
      // The same rule as the flyer export: a failure is logged to the console only.
      console.error('Failed to print flyer', error);
      setPrinting(false);
    }
  }, [getPrintable, vendorId]);

  // After the render that put the print flyer in the page: print it.
  useEffect(() => {
    if (!pending) return;
    setPending(false);
    window.print();
    setPrinting(false);
    markFlyerPrinted(vendorId).unwrap().catch(() => undefined);
  }, [pending, markFlyerPrinted, vendorId]);

  return { printFlyer, printing, printUrl };
}
