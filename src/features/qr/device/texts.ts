// What a paired counter screen and the owner's list of counter screens say, through the catalogue
// (src/i18n/messages/<lang>/app/counter.json). Getters: a text is looked up when a page renders, in its language.
import { t } from '../../../i18n/texts';

export const COUNTER_DEVICE_TEXT = {
  get selfSignedOffline() { return t('counter.selfSignedOffline'); },
  get handoverNeedsConnection() { return t('counter.handoverNeedsConnection'); },
  get pairTitle() { return t('counter.pairTitle'); },
  get pairIntro() { return t('counter.pairIntro'); },
  get pairingCode() { return t('counter.pairingCode'); },
  get screenName() { return t('counter.screenName'); },
  get screenNamePlaceholder() { return t('counter.screenNamePlaceholder'); },
  get pair() { return t('counter.pair'); },
  get pairing() { return t('counter.pairing'); },
  get pairFailed() { return t('counter.pairFailed'); },
  get removed() { return t('counter.removed'); },
  get listTitle() { return t('counter.listTitle'); },
  get listIntro() { return t('counter.listIntro'); },
  get add() { return t('counter.add'); },
  codeFor: (code: string) => t('counter.codeFor', { code }),
  get none() { return t('counter.none'); },
  pairedBy: (name: string) => t('counter.pairedBy', { name }),
  lastSeen: (when: string) => t('counter.lastSeen', { when }),
  get neverSeen() { return t('counter.neverSeen'); },
  get rename() { return t('counter.rename'); },
  get save() { return t('counter.save'); },
  get cancel() { return t('counter.cancel'); },
  get remove() { return t('counter.remove'); },
  removeConfirm: (name: string) => t('counter.removeConfirm', { name }),
  get actionFailed() { return t('counter.actionFailed'); },
};
