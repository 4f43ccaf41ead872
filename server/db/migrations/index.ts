// Every migration, listed by hand in order: scanning a folder breaks once the server is bundled.
import type { Migration } from 'kysely';
import type { Dialect } from './dialect-types';
import * as initial from './2026112201_initial';
import * as customers from './2026112202_customers';
import * as loginFailures from './2026112203_login_failures';
import * as accountLifecycle from './2026112204_account_lifecycle';
import * as leases from './2026112205_leases';
import * as flyerPrinted from './2026112206_flyer_printed';
import * as menuItemUploads from './2026112207_menu_item_uploads';
import * as customerNumbers from './2026112208_customer_numbers';
import * as relaySignals from './2026112209_relay_signals';
import * as storeCounters from './2026112210_store_counters';
import * as handover from './2026112211_handover';
import * as recentVisits from './2026112212_recent_visits';
import * as dashboardAggregates from './2026112213_dashboard_aggregates';
import * as activityVoidedIndex from './2026112214_activity_voided_index';
import * as timeIdIndexes from './2026112215_time_id_indexes';
import * as histogramLockOrder from './2026112216_histogram_lock_order';
import * as realDataRewardSettings from './2026112519_real_data_reward_settings';
import * as jobsWallet from './2026112520_jobs_wallet';
import * as storeCurrency from './2026112601_currency_store_currency';
import * as teamPeople from './2026112602_team_people';
import * as counterDevices from './2026112603_counter_devices';
import * as walletAppleRegistrations from './2026112604_wallet_apple_registrations';
import * as walletGoogleObjects from './2026112605_wallet_google_objects';
import * as menuReviewScans from './2026112606_menu_review_scans';
import * as campaigns from './2026112607_campaigns';
import * as claimedStampsWithdrawn from './2026112609_claimed_stamps_withdrawn';
import * as campaignDelivery from './2026112610_campaign_delivery';
import * as webPushSubscriptions from './2026112611_web_push_subscriptions';
import * as campaignPromotions from './2026112612_campaign_promotions';
import * as accountSettings from './2026112613_account_settings';
import * as walletGoogleLocale from './2026112614_wallet_google_locale';
import * as personLocale from './2026112617_person_locale';
import * as storeTimeZone from './2026112620_store_time_zone';
import * as bonusStampsNotVisits from './2026112623_bonus_stamps_not_visits';
import * as storeCustomerOrder from './2026112624_store_customer_order';
import * as visitsAsStoreDays from './2026112626_visits_as_store_days';
import * as campaignMessageLog from './2026112627_campaign_message_log';
import * as campaignReachIds from './2026112628_campaign_reach_ids';
import * as jobsKeyedById from './2026112629_jobs_keyed_by_id';
import * as campaignMessagesByCampaign from './2026112630_campaign_messages_by_campaign';
import * as campaignMessagesCustomer from './2026112631_campaign_messages_customer';
import * as recoveryLinkRequester from './2026112634_recovery_link_requester';
import * as campaignPlanAhead from './2026112635_campaign_plan_ahead';
import * as recoveryLinkKey from './2026112636_recovery_link_key';
import * as menuPricesBigint from './2026112637_menu_prices_bigint';
import * as spentTickets from './2026112638_spent_tickets';
import * as scanAttempts from './2026112639_scan_attempts';
import * as campaignMessageOutcomeUnknown from './2026112641_campaign_message_outcome_unknown';

export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return {
    '2026112201_initial': { up: initial.up(dialect), down: initial.down() },
    '2026112202_customers': { up: customers.up(dialect), down: customers.down() },
    '2026112203_login_failures': { up: loginFailures.up(dialect), down: loginFailures.down() },
    '2026112204_account_lifecycle': { up: accountLifecycle.up(dialect), down: accountLifecycle.down() },
    '2026112205_leases': { up: leases.up(dialect), down: leases.down() },
    '2026112206_flyer_printed': { up: flyerPrinted.up(dialect), down: flyerPrinted.down() },
    '2026112207_menu_item_uploads': { up: menuItemUploads.up(dialect), down: menuItemUploads.down() },
    '2026112208_customer_numbers': { up: customerNumbers.up(dialect), down: customerNumbers.down() },
    '2026112209_relay_signals': { up: relaySignals.up(dialect), down: relaySignals.down() },
    '2026112210_store_counters': { up: storeCounters.up(dialect), down: storeCounters.down() },
    '2026112211_handover': { up: handover.up(dialect), down: handover.down() },
    '2026112212_recent_visits': { up: recentVisits.up(dialect), down: recentVisits.down() },
    '2026112213_dashboard_aggregates': { up: dashboardAggregates.up(dialect), down: dashboardAggregates.down(dialect) },
    '2026112214_activity_voided_index': { up: activityVoidedIndex.up(), down: activityVoidedIndex.down() },
    '2026112215_time_id_indexes': { up: timeIdIndexes.up(dialect), down: timeIdIndexes.down() },
    '2026112216_histogram_lock_order': { up: histogramLockOrder.up(dialect), down: histogramLockOrder.down(dialect) },
    '2026112519_real_data_reward_settings': { up: realDataRewardSettings.up(dialect), down: realDataRewardSettings.down() },
    '2026112520_jobs_wallet': { up: jobsWallet.up(dialect), down: jobsWallet.down() },
    '2026112601_currency_store_currency': { up: storeCurrency.up(dialect), down: storeCurrency.down() },
    '2026112602_team_people': { up: teamPeople.up(dialect), down: teamPeople.down() },
    '2026112603_counter_devices': { up: counterDevices.up(dialect), down: counterDevices.down() },
    '2026112604_wallet_apple_registrations': { up: walletAppleRegistrations.up(dialect), down: walletAppleRegistrations.down() },
    '2026112605_wallet_google_objects': { up: walletGoogleObjects.up(), down: walletGoogleObjects.down() },
    '2026112606_menu_review_scans': { up: menuReviewScans.up(dialect), down: menuReviewScans.down() },
    '2026112607_campaigns': { up: campaigns.up(dialect), down: campaigns.down() },
    '2026112609_claimed_stamps_withdrawn': { up: claimedStampsWithdrawn.up(dialect), down: claimedStampsWithdrawn.down() },
    '2026112610_campaign_delivery': { up: campaignDelivery.up(dialect), down: campaignDelivery.down() },
    '2026112611_web_push_subscriptions': { up: webPushSubscriptions.up(dialect), down: webPushSubscriptions.down() },
    '2026112612_campaign_promotions': { up: campaignPromotions.up(dialect), down: campaignPromotions.down() },
    '2026112613_account_settings': { up: accountSettings.up(dialect), down: accountSettings.down() },
    '2026112614_wallet_google_locale': { up: walletGoogleLocale.up(), down: walletGoogleLocale.down() },
    '2026112617_person_locale': { up: personLocale.up(dialect), down: personLocale.down() },
    '2026112620_store_time_zone': { up: storeTimeZone.up(dialect), down: storeTimeZone.down() },
    '2026112623_bonus_stamps_not_visits': { up: bonusStampsNotVisits.up(dialect), down: bonusStampsNotVisits.down() },
    '2026112624_store_customer_order': { up: storeCustomerOrder.up(), down: storeCustomerOrder.down() },
    '2026112626_visits_as_store_days': { up: visitsAsStoreDays.up(dialect), down: visitsAsStoreDays.down() },
    '2026112627_campaign_message_log': { up: campaignMessageLog.up(dialect), down: campaignMessageLog.down(dialect) },
    '2026112628_campaign_reach_ids': { up: campaignReachIds.up(), down: campaignReachIds.down() },
    '2026112629_jobs_keyed_by_id': { up: jobsKeyedById.up(dialect), down: jobsKeyedById.down(dialect) },
    '2026112630_campaign_messages_by_campaign': { up: campaignMessagesByCampaign.up(), down: campaignMessagesByCampaign.down() },
    '2026112631_campaign_messages_customer': { up: campaignMessagesCustomer.up(), down: campaignMessagesCustomer.down() },
    '2026112634_recovery_link_requester': { up: recoveryLinkRequester.up(), down: recoveryLinkRequester.down() },
    '2026112635_campaign_plan_ahead': { up: campaignPlanAhead.up(), down: campaignPlanAhead.down() },
    '2026112636_recovery_link_key': { up: recoveryLinkKey.up(), down: recoveryLinkKey.down() },
    '2026112637_menu_prices_bigint': { up: menuPricesBigint.up(dialect), down: menuPricesBigint.down(dialect) },
    '2026112638_spent_tickets': { up: spentTickets.up(), down: spentTickets.down() },
    '2026112639_scan_attempts': { up: scanAttempts.up(), down: scanAttempts.down() },
    '2026112641_campaign_message_outcome_unknown': { up: campaignMessageOutcomeUnknown.up(), down: campaignMessageOutcomeUnknown.down() },
  };
}

/** The names of every migration this build knows, oldest first (what a database or a backup is checked against). */
export function migrationNames(): string[] {
  return Object.keys(migrationsFor('sqlite')).sort();
}
