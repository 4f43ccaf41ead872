// What a scan answers the customer's phone, in the language of their page (its Accept-Language).
import { text } from '../infra/texts';
import type { Locale } from '../../src/api/contract/locales';
import type { CustomerCard, CustomerReward } from '../../src/api/contract/customer';
import { formatRewardDate } from './card-view';

/** "31 Dec 2025" in English (as always); the reader's own short date in the other languages. */
function rewardEndDate(locale: Locale, expiry: string): string {
  if (locale === 'en') return formatRewardDate(expiry);
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(expiry));
}

/** A cooldown in whole hours reads in hours ("the last 4 hours", "the last hour"), else in minutes. */
function cooldownValues(minutes: number): { unit: 'hour' | 'minute'; count: number } {
  return minutes % 60 === 0 ? { unit: 'hour', count: minutes / 60 } : { unit: 'minute', count: minutes };
}

export function scanMessages(locale: Locale) {
  return {
    malformed: text(locale, 'scanMessages.malformed'),
    expired: text(locale, 'scanMessages.expired'),
    unknownStore: text(locale, 'scanMessages.unknownStore'),
    revoked: text(locale, 'scanMessages.revoked'),
    noReward: (company: string) => text(locale, 'scanMessages.noReward', { company }),
    rewardEnded: (expiry: string) => text(locale, 'scanMessages.rewardEnded', { date: rewardEndDate(locale, expiry) }),
    alreadyCollected: text(locale, 'scanMessages.alreadyCollected'),
    codeBudget: text(locale, 'scanMessages.codeBudget'),
    cooldown: (minutes: number) => text(locale, 'scanMessages.cooldown', cooldownValues(minutes)),
    stamped: (card: CustomerCard, reward: CustomerReward, given = 1) =>
      card.canClaim
        ? text(locale, 'scanMessages.cardFull', { reward: reward.label })
        : text(locale, 'scanMessages.stamped', { given, left: card.required - card.stamps, reward: reward.label }),
    /** The store auto-redeems: the full card became a pending reward. */
    autoRedeemed: (reward: CustomerReward) => text(locale, 'scanMessages.autoRedeemed', { reward: reward.label }),
  };
}
