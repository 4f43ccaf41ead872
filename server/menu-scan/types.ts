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

/**
 * One page of the menu as the user sees it: the picture the items' regions are fractions of, so the
 * vendor can check each item against the place it was read. A JPEG of at most MAX_VIEW_LONG_SIDE px.
 */
export interface MenuPageView {
  page: number;
  jpeg: Buffer;
  width: number;
  height: number;
}

/** A scan with the pictures its regions refer to (pages without a picture, e.g. a PDF's text layer, have none). */
export interface MenuScanForReview {
  items: ScannedItem[];
  pages: MenuPageView[];
}

export interface MenuScanner {
  /**
   * Scans one menu file (already size-checked and type-sniffed by the caller). Never throws for
   * unreadable content: returns [] instead. Throws `MenuScanRejected` when the file is refused
   * (decompression bomb, or not scannable within the time budget).
   */
  scan(file: Buffer, kind: MenuFileKind): Promise<ScannedItem[]>;
  /**
   * As `scan`, and also answers the page pictures the items' regions refer to. Optional: a scanner
   * without it gives items without a picture to check them against.
   */
  scanForReview?(file: Buffer, kind: MenuFileKind): Promise<MenuScanForReview>;
  /** Terminates the OCR worker (called on server shutdown and after tests). */
  close(): Promise<void>;
}
