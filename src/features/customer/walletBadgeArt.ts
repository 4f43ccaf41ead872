// The official "Add to Apple Wallet" and "Add to Google Wallet" badges in the page's language (the artwork
// and its licence: wallet-badges/NOTICE.md). Each is its own file: the page loads only the one it shows.
import type { Locale } from '../../api/contract/locales';
import appleAr from './wallet-badges/apple-ar.svg';
import appleDe from './wallet-badges/apple-de.svg';
import appleEn from './wallet-badges/apple-en.svg';
import appleEs from './wallet-badges/apple-es.svg';
import appleFr from './wallet-badges/apple-fr.svg';
import googleAr from './wallet-badges/google-ar.svg';
import googleDe from './wallet-badges/google-de.svg';
import googleEn from './wallet-badges/google-en.svg';
import googleEs from './wallet-badges/google-es.svg';
import googleFr from './wallet-badges/google-fr.svg';

const APPLE: Record<Locale, string> = { en: appleEn, es: appleEs, fr: appleFr, de: appleDe, ar: appleAr };
const GOOGLE: Record<Locale, string> = { en: googleEn, es: googleEs, fr: googleFr, de: googleDe, ar: googleAr };

export function appleWalletBadgeArt(locale: Locale): string {
  return APPLE[locale];
}

export function googleWalletBadgeArt(locale: Locale): string {
  return GOOGLE[locale];
}
