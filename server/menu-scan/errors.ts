// The one error the menu scanner throws on purpose: the file was refused, not merely unreadable.

export type MenuScanRejectReason =
  /** The image (or an image inside a PDF) claims more pixels than we are willing to decode. */
  | 'image-too-large'
  /** OCR or PDF parsing did not finish within the time budget. */
  | 'timeout';

/**
 * Thrown by `MenuScanner.scan` when a file is refused rather than unreadable (unreadable files
 * give `[]`). `httpStatus` is the status a route should answer: 413 for a decompression bomb,
 * 422 for a file too complex to scan in time.
 */
export class MenuScanRejected extends Error {
  readonly reason: MenuScanRejectReason;
  readonly httpStatus: 413 | 422;

  constructor(reason: MenuScanRejectReason, message: string) {
    super(message);
    this.name = 'MenuScanRejected';
    this.reason = reason;
    this.httpStatus = reason === 'image-too-large' ? 413 : 422;
  }
}

/** The refusal for work that ran past its budget; `what` names it ("Reading the PDF"). */
export function timedOut(what: string, timeoutMs: number): MenuScanRejected {
  const budget = timeoutMs >= 1000 ? `${Number((timeoutMs / 1000).toFixed(1))} s` : `${timeoutMs} ms`;
  return new MenuScanRejected('timeout', `${what} took longer than ${budget}.`);
}
