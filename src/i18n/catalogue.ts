// The message ids the SPA may ask for: the keys of the English catalogue files (English is complete by rule;
// `npm test`'s catalogue check fails when another language lacks a key, has one English lacks, or a key is unused).
// A new catalogue file adds one line here.
import type { Messages } from '@lingui/core';
import type appleWallet from './messages/en/customer/appleWallet.json';
import type customer from './messages/en/customer/customer.json';
import type googleWallet from './messages/en/customer/googleWallet.json';
import type webPush from './messages/en/customer/webPush.json';
import type campaignsLive from './messages/en/app/campaignsLive.json';
import type counter from './messages/en/app/counter.json';
import type currency from './messages/en/app/currency.json';
import type menuReview from './messages/en/app/menuReview.json';
import type nav from './messages/en/app/nav.json';
import type team from './messages/en/app/team.json';

export type MessageId = keyof typeof appleWallet | keyof typeof customer | keyof typeof googleWallet | keyof typeof webPush | keyof typeof campaignsLive | keyof typeof counter | keyof typeof currency | keyof typeof menuReview | keyof typeof nav | keyof typeof team;

/** The two halves of the SPA, each loading only its own texts: the customer pages and the vendor app. */
export type TextArea = 'customer' | 'app';

/** Messages compiled for Lingui at build time (plain text, or text with placeholders and plurals). */
export type CompiledCatalogue = Messages;
export type CompiledMessage = Messages[string];
