// The menu scanner's public types, kept apart so every module of the scanner can share them.

export interface ScannedItem {
  name: string;
  priceCents: number | null;
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
