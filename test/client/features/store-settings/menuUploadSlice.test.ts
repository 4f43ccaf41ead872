// The menu upload state machine: legal transitions, ignored illegal ones, the derived message.
import { makeStore } from '../../../../src/app/store';
import {
  uploadProgressed,
  resultDismissed,
  scanFailed,
  scanStarted,
  scanSucceeded,
  selectIsScanning,
  selectMenuUploadMessage,
  type MenuUploadState,
} from '../../../../src/features/store-settings/menuUploadSlice';
import { pageLanguage } from '../../support/pageLanguage';

function storeAt(menuUpload: MenuUploadState) {
  return makeStore({ menuUpload });
}

describe('menuUpload slice', () => {
  test('starts idle with no message', () => {
    const store = makeStore();
    expect(store.getState().menuUpload).toEqual({ status: 'idle' });
    expect(selectMenuUploadMessage(store.getState())).toBeNull();
  });

  test('idle → scanning → done, with upload progress in between', () => {
    const store = makeStore();
    store.dispatch(scanStarted({ fileName: 'menu.png' }));
    expect(store.getState().menuUpload).toEqual({ status: 'scanning', fileName: 'menu.png', uploadPercent: 0 });
    expect(selectIsScanning(store.getState())).toBe(true);

    store.dispatch(uploadProgressed(42.4));
    expect(store.getState().menuUpload).toMatchObject({ uploadPercent: 42 });
    store.dispatch(scanSucceeded({ addedCount: 3 }));
    expect(store.getState().menuUpload).toEqual({ status: 'done', addedCount: 3 });
  });

  test('scanning → failed', () => {
    const store = storeAt({ status: 'scanning', fileName: 'menu.pdf', uploadPercent: 100 });
    store.dispatch(scanFailed());
    expect(store.getState().menuUpload).toEqual({ status: 'failed' });
  });

  test('a new upload may start after a result', () => {
    for (const from of [{ status: 'done', addedCount: 1 }, { status: 'failed' }] as MenuUploadState[]) {
      const store = storeAt(from);
      store.dispatch(scanStarted({ fileName: 'again.jpg' }));
      expect(store.getState().menuUpload).toEqual({ status: 'scanning', fileName: 'again.jpg', uploadPercent: 0 });
    }
  });

  test('progress only moves forward and stays within 0–100', () => {
    const store = storeAt({ status: 'scanning', fileName: 'menu.png', uploadPercent: 60 });
    store.dispatch(uploadProgressed(30));
    expect(store.getState().menuUpload).toMatchObject({ uploadPercent: 60 });
    store.dispatch(uploadProgressed(250));
    expect(store.getState().menuUpload).toMatchObject({ uploadPercent: 100 });
  });

  describe('illegal transitions do nothing', () => {
    const cases: [string, MenuUploadState, Parameters<ReturnType<typeof makeStore>['dispatch']>[0]][] = [
      ['a second start while scanning', { status: 'scanning', fileName: 'first.png', uploadPercent: 10 }, scanStarted({ fileName: 'second.png' })],
      ['progress while idle', { status: 'idle' }, uploadProgressed(50)],
      ['progress after a result', { status: 'done', addedCount: 2 }, uploadProgressed(50)],
      ['success while idle', { status: 'idle' }, scanSucceeded({ addedCount: 2 })],
      ['success after a failure', { status: 'failed' }, scanSucceeded({ addedCount: 2 })],
      ['failure while idle', { status: 'idle' }, scanFailed()],
      ['failure after a success', { status: 'done', addedCount: 2 }, scanFailed()],
      ['dismissed while scanning (the answer is still coming)', { status: 'scanning', fileName: 'menu.png', uploadPercent: 100 }, resultDismissed()],
    ];
    test.each(cases)('%s', (_name, from, action) => {
      const store = storeAt(from);
      store.dispatch(action);
      expect(store.getState().menuUpload).toEqual(from);
    });
  });

  test('dismissing clears a result', () => {
    const store = storeAt({ status: 'failed' });
    store.dispatch(resultDismissed());
    expect(store.getState().menuUpload).toEqual({ status: 'idle' });
  });

  test('the three result messages of a menu upload', () => {
    expect(selectMenuUploadMessage(storeAt({ status: 'failed' }).getState())?.text).toBe('❌ Failed to scan menu.');
    expect(selectMenuUploadMessage(storeAt({ status: 'done', addedCount: 0 }).getState())?.text).toBe('⚠️ No items found in this menu.');
    expect(selectMenuUploadMessage(storeAt({ status: 'done', addedCount: 4 }).getState())?.text).toBe('✅ Added 4 new item(s) from menu.');
    expect(selectMenuUploadMessage(storeAt({ status: 'scanning', fileName: 'm.png', uploadPercent: 5 }).getState())).toBeNull();
  });
});

describe('the upload message in Spanish', () => {
  let backToEnglish: () => void;
  beforeEach(() => {
    backToEnglish = pageLanguage('es', ['es-ES']);
  });
  afterEach(() => backToEnglish());

  test('counts the new items with Spanish plurals', () => {
    expect(selectMenuUploadMessage(storeAt({ status: 'done', addedCount: 1 }).getState())?.text).toBe('✅ Se ha añadido 1 producto nuevo de la carta.');
    expect(selectMenuUploadMessage(storeAt({ status: 'done', addedCount: 12000 }).getState())?.text).toBe('✅ Se han añadido 12.000 productos nuevos de la carta.');
  });

  test('a failed scan says what to change, in Spanish', () => {
    expect(selectMenuUploadMessage(storeAt({ status: 'failed', reason: 'busy' }).getState())?.text).toBe(
      '❌ No se ha podido leer la carta. Todavía se está leyendo otra carta. Inténtalo de nuevo en un minuto.',
    );
  });
});
