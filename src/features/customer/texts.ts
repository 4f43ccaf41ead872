// The customer pages' texts, read from the catalogue (src/i18n/messages/<language>/customer/) in the page's
// language when a page renders: each is a getter or a function, so it is looked up at render time, never at import.
import type { CustomerReward } from '../../api/contract/customer';
import { t } from '../../i18n/texts';

export const CUSTOMER_TEXT = {
  /** The product's name (a name: the same in every language). */
  brand: 'Stampwise',
  /** Stamps collected out of the card's size: figures only, the same in every language. */
  progress: (stamps: number, required: number) => `${stamps} / ${required}`,
  stampsExpire: (date: string) => t('customer.stampsExpire', { date }),
  /**
   * The reward as the card offers it: "Buy 10 Flat White, get 1 free", or "Collect 10 stamps, get 1 free" when its
   * menu item was deleted (the server's own English text then names no item, only the stand-in label).
   */
  rewardOffer: (reward: Pick<CustomerReward, 'stamps' | 'label' | 'text'>) =>
    reward.text.includes(reward.label)
      ? t('cardLabels.rewardOffer', { stamps: reward.stamps, item: reward.label })
      : t('cardLabels.rewardStamps', { stamps: reward.stamps }),
  cardRegion: (store: string) => t('cardLabels.cardRegion', { store }),
  logoAlt: (store: string) => t('cardLabels.logoAlt', { store }),
  aboutStore: (company: string) => t('customer.aboutStore', { company }),
  get myCards() {
    return t('customer.myCards');
  },
  get scanning() {
    return t('customer.scanning');
  },
  get noStampTitle() {
    return t('customer.noStampTitle');
  },
  get unreachableTitle() {
    return t('customer.unreachableTitle');
  },
  get notConfirmedTitle() {
    return t('customer.notConfirmedTitle');
  },
  get scanUnreachable() {
    return t('customer.scanUnreachable');
  },
  progressLabel: (stamps: number, required: number) => t('customer.progressLabel', { stamps, required }),
  stampLabel: (n: number, filled: boolean) => t('customer.stampLabel', { n, filled: filled ? 'yes' : 'no' }),
  extraStamps: (n: number) => t('customer.extraStamps', { n }),
  toGo: (n: number) => t('customer.toGo', { n }),
  get cardFull() {
    return t('customer.cardFull');
  },
  get claim() {
    return t('customer.claim');
  },
  get claimConfirmTitle() {
    return t('customer.claimConfirmTitle');
  },
  claimConfirmText: (company: string) => t('customer.claimConfirmText', { company }),
  get claimConfirm() {
    return t('customer.claimConfirm');
  },
  get claimCancel() {
    return t('customer.claimCancel');
  },
  get claiming() {
    return t('customer.claiming');
  },
  get openWallet() {
    return t('customer.openWallet');
  },
  get backToWallet() {
    return t('customer.backToWallet');
  },
  get retry() {
    return t('customer.retry');
  },
  get networkError() {
    return t('customer.networkError');
  },
  get scanSavedBeforeDrop() {
    return t('customer.scanSavedBeforeDrop');
  },
  get genericError() {
    return t('customer.genericError');
  },
  get rewardEnded() {
    return t('customer.rewardEnded');
  },
  get noReward() {
    return t('customer.noReward');
  },
  get readyBadge() {
    return t('customer.readyBadge');
  },
  get readyTitle() {
    return t('customer.readyTitle');
  },
  get readyEyebrow() {
    return t('customer.readyEyebrow');
  },
  readyClaimedAt: (time: string) => t('customer.readyClaimedAt', { time }),
  get readyLiveHint() {
    return t('customer.readyLiveHint');
  },
  get readyDone() {
    return t('customer.readyDone');
  },
  get showAgain() {
    return t('customer.showAgain');
  },
  get recentClaims() {
    return t('customer.recentClaims');
  },
  claimedOn: (when: string) => t('customer.claimedOn', { when }),
  get walletTitle() {
    return t('customer.walletTitle');
  },
  get walletLoading() {
    return t('customer.walletLoading');
  },
  get walletEmptyTitle() {
    return t('customer.walletEmptyTitle');
  },
  get walletEmptyText() {
    return t('customer.walletEmptyText');
  },
  get profileTitle() {
    return t('customer.profileTitle');
  },
  get profileText() {
    return t('customer.profileText');
  },
  get displayNameLabel() {
    return t('customer.displayNameLabel');
  },
  get displayNamePlaceholder() {
    return t('customer.displayNamePlaceholder');
  },
  get emailLabel() {
    return t('customer.emailLabel');
  },
  get emailPlaceholder() {
    return t('customer.emailPlaceholder');
  },
  get saveProfile() {
    return t('customer.saveProfile');
  },
  get profileSaved() {
    return t('customer.profileSaved');
  },
  profileCheckInbox: (email: string) => t('customer.profileCheckInbox', { email }),
  get confirmingEmail() {
    return t('customer.confirmingEmail');
  },
  get emailConfirmedTitle() {
    return t('customer.emailConfirmedTitle');
  },
  emailConfirmedText: (email: string) => t('customer.emailConfirmedText', { email }),
  get emailConfirmFailedTitle() {
    return t('customer.emailConfirmFailedTitle');
  },
  get recoverTitle() {
    return t('customer.recoverTitle');
  },
  get recoverText() {
    return t('customer.recoverText');
  },
  get recoverButton() {
    return t('customer.recoverButton');
  },
  get recoverOpening() {
    return t('customer.recoverOpening');
  },
  get recoverDoneTitle() {
    return t('customer.recoverDoneTitle');
  },
  get recoverFailedTitle() {
    return t('customer.recoverFailedTitle');
  },
  recoverMerged: (cards: number, stamps: number) => t('customer.recoverMerged', { cards, stamps }),
  get recoverConfirmTitle() {
    return t('customer.recoverConfirmTitle');
  },
  get recoverConfirmText() {
    return t('customer.recoverConfirmText');
  },
  get recoverConfirmWarning() {
    return t('customer.recoverConfirmWarning');
  },
  get recoverConfirmButton() {
    return t('customer.recoverConfirmButton');
  },
  get recoverKeepCards() {
    return t('customer.recoverKeepCards');
  },
  get recoverSignInTitle() {
    return t('customer.recoverSignInTitle');
  },
  get recoverSignInText() {
    return t('customer.recoverSignInText');
  },
  get recoverSignInWarning() {
    return t('customer.recoverSignInWarning');
  },
  get recoverSignInButton() {
    return t('customer.recoverSignInButton');
  },
  get recoverNotNow() {
    return t('customer.recoverNotNow');
  },
  get notFoundCard() {
    return t('customer.notFoundCard');
  },
  get handoverCodeLabel() {
    return t('customer.handoverCodeLabel');
  },
  get handoverWaiting() {
    return t('customer.handoverWaiting');
  },
  handoverGiven: (reward: string, time: string) => t('customer.handoverGiven', { reward, time }),
  get handoverGivenTitle() {
    return t('customer.handoverGivenTitle');
  },
  get handoverExpired() {
    return t('customer.handoverExpired');
  },
  get handoverExpiredTitle() {
    return t('customer.handoverExpiredTitle');
  },
  returnedClaim: (reward: string, stamps: number) => t('customer.returnedClaim', { reward, stamps }),
  get deleteTitle() {
    return t('customer.deleteTitle');
  },
  get deleteText() {
    return t('customer.deleteText');
  },
  get deleteButton() {
    return t('customer.deleteButton');
  },
  get deleteConfirmTitle() {
    return t('customer.deleteConfirmTitle');
  },
  get deleteConfirmText() {
    return t('customer.deleteConfirmText');
  },
  get deleteConfirm() {
    return t('customer.deleteConfirm');
  },
  get deleteCancel() {
    return t('customer.deleteCancel');
  },
  get deleting() {
    return t('customer.deleting');
  },
  get deletedTitle() {
    return t('customer.deletedTitle');
  },
  get deletedText() {
    return t('customer.deletedText');
  },
  removedByStore: (n: number) => t('customer.removedByStore', { n }),
  get errorTitle() {
    return t('customer.error.title');
  },
  get errorUnknown() {
    return t('customer.error.unknown');
  },
  get language() {
    return t('customer.language');
  },
};

/** How long after a claim the reward screen can be shown again (ms). */
export const SHOW_AGAIN_WINDOW_MS = 15 * 60 * 1000;
