// The vendor app's frame texts (navigation, search, profile menu, error screen), read from the catalogue
// (src/i18n/messages/<language>/app/nav.json) in the app's language at render time: getters, never read at import.
import { t } from '../../i18n/texts';

export const NAV_TEXT = {
  get label() {
    return t('nav.label');
  },
  get skipToContent() {
    return t('nav.skipToContent');
  },
  get dashboard() {
    return t('nav.dashboard');
  },
  get rewards() {
    return t('nav.rewards');
  },
  get qrCode() {
    return t('nav.qrCode');
  },
  get campaigns() {
    return t('nav.campaigns');
  },
  get help() {
    return t('nav.help');
  },
  get search() {
    return t('nav.search');
  },
  get searchPlaceholder() {
    return t('nav.searchPlaceholder');
  },
  // The top bar's search: customers, menu items and pages.
  searchGroups: {
    get customers() {
      return t('nav.searchGroups.customers');
    },
    get menu() {
      return t('nav.searchGroups.menu');
    },
    get pages() {
      return t('nav.searchGroups.pages');
    },
  },
  get searchNothing() {
    return t('nav.searchNothing');
  },
  searchCustomerDetail: (visits: number, stamps: number) => t('nav.searchCustomerDetail', { visits, stamps }),
  get searchMenuDetail() {
    return t('nav.searchMenuDetail');
  },
  get profileMenu() {
    return t('nav.profileMenu');
  },
  get storeSettings() {
    return t('nav.storeSettings');
  },
  get accountSettings() {
    return t('nav.accountSettings');
  },
  get logout() {
    return t('nav.logout');
  },
  get loadingVendor() {
    return t('nav.loadingVendor');
  },
  logoAlt: (company: string) => t('nav.logoAlt', { company }),
  /** A developer's log line, not shown to the vendor: stays English. */
  vendorLoadFailedLog: 'Could not load the vendor profile; signing out',
  /** Below 768 px the page buttons and the search box fold into a panel behind this button. */
  get menu() {
    return t('nav.menu');
  },
  get language() {
    return t('nav.language');
  },
};

export const ROUTE_ERROR_TEXT = {
  get title() {
    return t('nav.error.title');
  },
  get backToSignIn() {
    return t('nav.error.backToSignIn');
  },
  get unknown() {
    return t('nav.error.unknown');
  },
  // A page chunk of an older build is gone after a redeploy.
  get newVersion() {
    return t('nav.error.newVersion');
  },
  get reload() {
    return t('nav.error.reload');
  },
  get reloading() {
    return t('nav.error.reloading');
  },
};
