// How long ago something happened, in the reader's language. English keeps the app's own short phrases
// ('3 h ago' fits the narrow dashboard card better than Intl's '3 hr ago'); every other language reads Intl's
// short relative times in the page's locale ('il y a 5 min', 'vor 3 Std.').
import { intlElapsedPhrases, type ElapsedPhrases } from '../../lib/format';
import { currentLocale, intlLocale, t } from '../../i18n/texts';

const ENGLISH_PHRASES: ElapsedPhrases = {
  get justNow() {
    return t('activity.justNow');
  },
  ago: (count, unit) =>
    unit === 'minute' ? t('activity.minutesAgo', { count }) : unit === 'hour' ? t('activity.hoursAgo', { count }) : t('activity.daysAgo', { count }),
};

/** The phrases for the page's language, read when called (after the language is loaded). */
export function elapsedPhrases(): ElapsedPhrases {
  return currentLocale() === 'en' ? ENGLISH_PHRASES : intlElapsedPhrases(intlLocale());
}
