// The message ids the SPA may ask for: the keys of the English catalogue files (English is complete by rule;
// `npm test`'s catalogue check fails when another language lacks a key, has one English lacks, or a key is unused).
// A new catalogue file adds one line here.
import type { Messages } from '@lingui/core';
import type appleWallet from './messages/en/customer/appleWallet.json';
import type campaignOptOut from './messages/en/customer/campaignOptOut.json';
import type cardLabels from './messages/en/customer/cardLabels.json';
import type customer from './messages/en/customer/customer.json';
import type googleWallet from './messages/en/customer/googleWallet.json';
import type offers from './messages/en/customer/offers.json';
import type storeDetails from './messages/en/customer/storeDetails.json';
import type webPush from './messages/en/customer/webPush.json';
import type account from './messages/en/app/account.json';
import type activity from './messages/en/app/activity.json';
import type antIcons from './messages/en/app/antIcons.json';
import type campaignDelivery from './messages/en/app/campaignDelivery.json';
import type campaigns from './messages/en/app/campaigns.json';
import type campaignsLive from './messages/en/app/campaignsLive.json';
import type bonusActivity from './messages/en/app/bonusActivity.json';
import type counter from './messages/en/app/counter.json';
import type currency from './messages/en/app/currency.json';
import type storeTimeZone from './messages/en/app/storeTimeZone.json';
import type customers from './messages/en/app/customers.json';
import type customerVisits from './messages/en/app/customerVisits.json';
import type dashboard from './messages/en/app/dashboard.json';
import type firstDay from './messages/en/app/firstDay.json';
import type handover from './messages/en/app/handover.json';
import type help from './messages/en/app/help.json';
import type helpContent from './messages/en/app/helpContent.json';
import type login from './messages/en/app/login.json';
import type menuItems from './messages/en/app/menuItems.json';
import type menuReview from './messages/en/app/menuReview.json';
import type menuUpload from './messages/en/app/menuUpload.json';
import type nav from './messages/en/app/nav.json';
import type passwordReset from './messages/en/app/passwordReset.json';
import type publicFooter from './messages/en/app/publicFooter.json';
import type qr from './messages/en/app/qr.json';
import type register from './messages/en/app/register.json';
import type relay from './messages/en/app/relay.json';
import type rewards from './messages/en/app/rewards.json';
import type sampleCampaigns from './messages/en/app/sampleCampaigns.json';
import type storePreview from './messages/en/app/storePreview.json';
import type storeSettings from './messages/en/app/storeSettings.json';
import type team from './messages/en/app/team.json';
import type teamInvites from './messages/en/app/teamInvites.json';
import type unsavedChanges from './messages/en/app/unsavedChanges.json';
import type verify from './messages/en/app/verify.json';

export type MessageId =
  | keyof typeof appleWallet
  | keyof typeof campaignOptOut
  | keyof typeof cardLabels
  | keyof typeof customer
  | keyof typeof googleWallet
  | keyof typeof offers
  | keyof typeof storeDetails
  | keyof typeof webPush
  | keyof typeof account
  | keyof typeof activity
  | keyof typeof antIcons
  | keyof typeof campaignDelivery
  | keyof typeof campaigns
  | keyof typeof campaignsLive
  | keyof typeof bonusActivity
  | keyof typeof counter
  | keyof typeof currency
  | keyof typeof storeTimeZone
  | keyof typeof customers
  | keyof typeof customerVisits
  | keyof typeof dashboard
  | keyof typeof firstDay
  | keyof typeof handover
  | keyof typeof help
  | keyof typeof helpContent
  | keyof typeof login
  | keyof typeof menuItems
  | keyof typeof menuReview
  | keyof typeof menuUpload
  | keyof typeof nav
  | keyof typeof passwordReset
  | keyof typeof publicFooter
  | keyof typeof qr
  | keyof typeof register
  | keyof typeof relay
  | keyof typeof rewards
  | keyof typeof sampleCampaigns
  | keyof typeof storePreview
  | keyof typeof storeSettings
  | keyof typeof team
  | keyof typeof teamInvites
  | keyof typeof unsavedChanges
  | keyof typeof verify;

/** The two halves of the SPA, each loading only its own texts: the customer pages and the vendor app. */
export type TextArea = 'customer' | 'app';

/** Messages compiled for Lingui at build time (plain text, or text with placeholders and plurals). */
export type CompiledCatalogue = Messages;
export type CompiledMessage = Messages[string];
