// The message ids the SPA may ask for: the keys of the English catalogue files (English is complete by rule;
// `npm test`'s catalogue check fails when another language lacks a key, has one English lacks, or a key is unused).
// A new catalogue file adds one line here.
import type { Messages } from '@lingui/core';
import type customer from './messages/en/customer/customer.json';
import type common from './messages/en/app/common.json';
import type menuReview from './messages/en/app/menuReview.json';

export type MessageId = keyof typeof customer | keyof typeof common | keyof typeof menuReview;

/** The two halves of the SPA, each loading only its own texts: the customer pages and the vendor app. */
export type TextArea = 'customer' | 'app';

/** Messages compiled for Lingui at build time (plain text, or text with placeholders and plurals). */
export type CompiledCatalogue = Messages;
export type CompiledMessage = Messages[string];
