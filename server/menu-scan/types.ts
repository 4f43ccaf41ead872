// The menu scanner's public types, kept apart so every module of the scanner can share them.

/**
 * Where an item was read on the menu: fractions (0–1) of the page image as the user sees it
 * (after EXIF orientation and straightening), covering the line or lines the item came from.
 * `page` counts from 0 (a PDF's page; always 0 for a photo).
 */
export interface ItemRegion {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ScannedItem {
  name: string;
  priceCents: number | null;
  /** Absent where the text had no position (a PDF's text layer). */
  region?: ItemRegion;
}

export type MenuFileKind = 'png' | 'jpeg' | 'pdf';

export interface MenuScanner {
  /**
   * Scans one menu file (already size-checked and type-sniffed by the caller). Never throws for
   * unreadable content: returns [] instead. Throws `MenuScanRejected` when the file is refused
   * (decompression bomb, or not scannable within the time budget).
   */
  scan(file: Buffer, kind: MenuFileKind): Promise<ScannedItem[]>;
  /** Terminates the OCR worker (called on server shutdown and after tests). */
  close(): Promise<void>;
}
