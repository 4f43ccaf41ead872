// Menu upload state machine: idle → scanning → done | failed; illegal transitions do nothing.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { t } from '../../i18n/texts';

/**
 * `scanning` covers the whole request: the file going up (uploadPercent 0–100, from the XHR's
 * progress events) and then the server reading it. `done` keeps only how many items were added;
 * the message shown is derived (selectMenuUploadMessage).
 */
export type MenuUploadState =
  | { status: 'idle' }
  | { status: 'scanning'; fileName: string; uploadPercent: number }
  | { status: 'done'; addedCount: number; uploadId?: string; alreadyOnMenu?: number }
  /** The vendor took the last upload's items back. */
  | { status: 'undone'; removedCount: number }
  | { status: 'failed'; reason?: MenuScanFailure };

export type MenuUploadStatus = MenuUploadState['status'];

/** Why a menu could not be scanned, as far as the answer tells. */
export type MenuScanFailure = 'not-a-menu-file' | 'too-large' | 'unreadable' | 'busy' | 'offline' | 'server';

/** The reason behind a failed upload's answer: its HTTP status, or no answer at all. */
export function menuScanFailureOf(status: number | string | undefined): MenuScanFailure {
  if (typeof status !== 'number') return 'offline';
  if (status === 415) return 'not-a-menu-file';
  if (status === 413) return 'too-large';
  if (status === 400 || status === 422) return 'unreadable';
  if (status === 429) return 'busy';
  return 'server';
}

const initialState = { status: 'idle' } as MenuUploadState;

export const menuUploadSlice = createSlice({
  name: 'menuUpload',
  initialState,
  reducers: {
    /** A new upload may start from any state except while one is still scanning. */
    scanStarted(state, action: PayloadAction<{ fileName: string }>) {
      if (state.status === 'scanning') return state;
      return { status: 'scanning', fileName: action.payload.fileName, uploadPercent: 0 };
    },
    /** Upload progress in percent; only forward, only while scanning. */
    uploadProgressed(state, action: PayloadAction<number>) {
      if (state.status !== 'scanning') return state;
      const percent = Math.min(100, Math.max(0, Math.round(action.payload)));
      if (percent > state.uploadPercent) state.uploadPercent = percent;
      return state;
    },
    scanSucceeded(state, action: PayloadAction<{ addedCount: number; uploadId?: string; alreadyOnMenu?: number }>) {
      if (state.status !== 'scanning') return state;
      const { addedCount, uploadId, alreadyOnMenu } = action.payload;
      return { status: 'done', addedCount, ...(uploadId ? { uploadId } : {}), ...(alreadyOnMenu ? { alreadyOnMenu } : {}) };
    },
    /** The items of the upload just shown were removed; only from its `done` state. */
    uploadUndone(state, action: PayloadAction<{ uploadId: string; removedCount: number }>) {
      if (state.status !== 'done' || state.uploadId !== action.payload.uploadId) return state;
      return { status: 'undone', removedCount: action.payload.removedCount };
    },
    scanFailed(state, action: PayloadAction<{ reason: MenuScanFailure } | undefined>) {
      if (state.status !== 'scanning') return state;
      return action.payload ? { status: 'failed', reason: action.payload.reason } : { status: 'failed' };
    },
    /** Clears a result (e.g. when the dialog closes); a running scan cannot be reset, its answer is still coming. */
    resultDismissed(state) {
      if (state.status === 'done' || state.status === 'failed' || state.status === 'undone') return { status: 'idle' };
      return state;
    },
  },
});

export const { scanStarted, uploadProgressed, scanSucceeded, scanFailed, uploadUndone, resultDismissed } = menuUploadSlice.actions;

type WithMenuUpload = { menuUpload: MenuUploadState };

export const selectMenuUpload = (state: WithMenuUpload) => state.menuUpload;
export const selectIsScanning = (state: WithMenuUpload) => state.menuUpload.status === 'scanning';
/** The upload whose items are marked new in the list (the one whose ✅ message shows), if any. */
export const selectNewUploadId = (state: WithMenuUpload): string | null =>
  state.menuUpload.status === 'done' && state.menuUpload.addedCount > 0 ? (state.menuUpload.uploadId ?? null) : null;

/** What the vendor can change after each kind of failed scan (a literal key each, so the catalogue check sees them). */
function failureReason(reason: MenuScanFailure): string {
  switch (reason) {
    case 'not-a-menu-file':
      return t('menuUpload.failureReasons.notAMenuFile');
    case 'too-large':
      return t('menuUpload.failureReasons.tooLarge');
    case 'unreadable':
      return t('menuUpload.failureReasons.unreadable');
    case 'busy':
      return t('menuUpload.failureReasons.busy');
    case 'offline':
      return t('menuUpload.failureReasons.offline');
    case 'server':
      return t('menuUpload.failureReasons.server');
  }
}

/** The one result message of a menu upload, or null while idle or scanning. */
export function selectMenuUploadMessage(state: WithMenuUpload): { kind: 'success' | 'warning' | 'error'; text: string } | null {
  const upload = state.menuUpload;
  // "Failed to scan menu." stays first; the reason follows, so the vendor knows what to change.
  if (upload.status === 'failed') return { kind: 'error', text: upload.reason ? `${t('menuUpload.failed')} ${failureReason(upload.reason)}` : t('menuUpload.failed') };
  if (upload.status === 'undone') return { kind: 'warning', text: t('menuUpload.undone', { n: upload.removedCount }) };
  if (upload.status !== 'done') return null;
  if (upload.addedCount === 0 && upload.alreadyOnMenu) return { kind: 'warning', text: t('menuUpload.allAlreadyOnMenu', { n: upload.alreadyOnMenu }) };
  if (upload.addedCount === 0) return { kind: 'warning', text: t('menuUpload.noItems') };
  return { kind: 'success', text: t('menuUpload.added', { n: upload.addedCount }) };
}
