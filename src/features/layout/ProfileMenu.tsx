// The profile menu: business name and logo from GET /api/vendor/{id}; Store Settings (managers and the owner),
// Account Settings, Logout.
// A menu button of our own (WAI-ARIA APG "menu button") rather than antd's Dropdown: with the Dropdown,
// Enter or Space on "Store Settings" only closed the menu and Tab left it before Logout.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Avatar, Button, Skeleton } from 'antd';
import { CheckOutlined, DownOutlined, GlobalOutlined, LogoutOutlined, ShopOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { ROUTES } from '../../constants';
import { NAV_TEXT } from './texts';
import { LOCALES, LOCALE_NAMES, type Locale } from '../../api/contract/locales';
import { useAppDispatch } from '../../app/hooks';
import { useChooseLanguage, useSavedLanguage } from './personLanguage';
import { currentLocale } from '../../i18n/texts';
import { loggedOut, logout } from '../session/sessionSlice';
import { useGetVendorQuery } from '../store-settings/vendorApi';
import { StoreSettingsDialog } from '../store-settings/StoreSettingsDialog';
import { useRoleAllows } from '../session/roleAccess';
import { initials } from '../../lib/initials';

/** An error the server answered with (a number status), not a request that failed or was aborted on the way. */
function isServerAnswer(error: unknown): boolean {
  return typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number';
}

type MenuKey = 'store-settings' | 'account-settings' | 'logout' | `language-${Locale}`;

interface MenuEntry {
  key: MenuKey;
  label: string;
  icon: ReactNode;
  disabled?: boolean;
  /** A language: a radio item, checked for the app's language. */
  locale?: Locale;
}

/** Built at render: the labels are in the app's language. */
function menuEntries(): MenuEntry[] {
  return [
    { key: 'store-settings', label: NAV_TEXT.storeSettings, icon: <ShopOutlined aria-hidden /> },
    { key: 'account-settings', label: NAV_TEXT.accountSettings, icon: <UserOutlined aria-hidden /> },
    // The languages, each in its own name; the choice is kept in this browser and saved for the person.
    ...LOCALES.map((locale): MenuEntry => ({ key: `language-${locale}`, label: LOCALE_NAMES[locale], icon: locale === currentLocale() ? <CheckOutlined aria-hidden /> : <GlobalOutlined aria-hidden />, locale })),
    { key: 'logout', label: NAV_TEXT.logout, icon: <LogoutOutlined aria-hidden /> },
  ];
}

export function ProfileMenu({ vendorId }: { vendorId: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const { data, isError, error } = useGetVendorQuery(vendorId);
  useSavedLanguage();
  const chooseLanguage = useChooseLanguage();
  // Store Settings only for a role that may change the store (the server refuses the others anyway).
  const mayEditStore = useRoleAllows('storeSettings');
  const entries = menuEntries().filter((entry) => entry.key !== 'store-settings' || mayEditStore);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);

  // If the server refuses to give the vendor (an HTTP error answer) the session is cleared and the vendor signs in
  // again. A request that got no answer says nothing about the session: the network dropped, or the page is being
  // left — a page opened by address aborts the old page's requests, and ending the session there deleted the
  // token the next page was about to start with (it opened on the sign-in screen).
  useEffect(() => {
    if (!isError || !isServerAnswer(error)) return;
    console.error(NAV_TEXT.vendorLoadFailedLog, error);
    dispatch(loggedOut());
    navigate(ROUTES.login, { replace: true });
  }, [isError, error, dispatch, navigate]);

  // A click or focus anywhere outside closes the menu (Tab past Logout leaves it closed behind you).
  useEffect(() => {
    if (!menuOpen) return;
    const closeIfOutside = (event: Event) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setMenuOpen(false);
    };
    document.addEventListener('mousedown', closeIfOutside);
    document.addEventListener('focusin', closeIfOutside);
    return () => {
      document.removeEventListener('mousedown', closeIfOutside);
      document.removeEventListener('focusin', closeIfOutside);
    };
  }, [menuOpen]);

  const enabled = () => items.current.filter((item): item is HTMLButtonElement => item !== null && !item.disabled);
  const focusItem = (which: 'first' | 'last' | 1 | -1) => {
    const list = enabled();
    if (list.length === 0) return;
    if (which === 'first') return list[0].focus();
    if (which === 'last') return list[list.length - 1].focus();
    const current = list.indexOf(document.activeElement as HTMLButtonElement);
    list[(current + which + list.length) % list.length].focus();
  };

  const open = (focus: 'first' | 'last') => {
    setMenuOpen(true);
    // The items render with the state change; focus them once they are in the page.
    requestAnimationFrame(() => focusItem(focus));
  };
  const close = (returnFocus: boolean) => {
    setMenuOpen(false);
    if (returnFocus) trigger.current?.focus();
  };

  const choose = (key: MenuKey) => {
    close(key !== 'logout');
    if (key === 'store-settings') setSettingsOpen(true);
    if (key === 'account-settings') navigate(ROUTES.account(vendorId));
    const entry = entries.find((candidate) => candidate.key === key);
    if (entry?.locale) chooseLanguage(entry.locale);
    if (key === 'logout') {
      dispatch(logout());
      navigate(ROUTES.login, { replace: true });
    }
  };

  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      open(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, () => void> = {
      ArrowDown: () => focusItem(1),
      ArrowUp: () => focusItem(-1),
      Home: () => focusItem('first'),
      End: () => focusItem('last'),
      Escape: () => close(true),
    };
    const move = moves[event.key];
    if (!move) return; // Tab moves on through the items, and out of the menu after Logout.
    event.preventDefault();
    move();
  };

  const company = data?.vendor.company ?? '';
  const logo = data?.vendor.logo ?? null;

  return (
    <div className="sw-profile-menu" ref={root}>
      <Button
        ref={trigger}
        type="text"
        className="sw-profile"
        aria-label={`${NAV_TEXT.profileMenu}: ${company || NAV_TEXT.loadingVendor}`}
        aria-haspopup="menu"
        aria-expanded={menuOpen}
        aria-controls={menuOpen ? menuId : undefined}
        // The whole name on hover, where the bar cuts it short.
        title={company || undefined}
        onClick={() => (menuOpen ? close(false) : open('first'))}
        onKeyDown={onTriggerKeyDown}
      >
        {data ? (
          <Avatar size={34} className="sw-profile__avatar" src={logo ?? undefined} alt={logo ? NAV_TEXT.logoAlt(company) : undefined}>
            {initials(company)}
          </Avatar>
        ) : (
          <Skeleton.Avatar active size={34} />
        )}
        <span className="sw-profile__name">{data ? company : <Skeleton.Input active size="small" style={{ width: 96 }} />}</span>
        <DownOutlined className="sw-profile__chevron" aria-hidden="true" />
      </Button>
      {menuOpen && (
        <ul id={menuId} role="menu" aria-label={NAV_TEXT.profileMenu} className="sw-profile-menu__list" onKeyDown={onMenuKeyDown}>
          {entries.map((entry, index) => (
            <li key={entry.key} role="none" className={entry.key === 'logout' ? 'sw-profile-menu__last' : undefined}>
              <button
                ref={(node) => {
                  items.current[index] = node;
                }}
                type="button"
                role={entry.locale ? 'menuitemradio' : 'menuitem'}
                aria-checked={entry.locale ? entry.locale === currentLocale() : undefined}
                lang={entry.locale}
                className="sw-profile-menu__item"
                disabled={entry.disabled}
                aria-disabled={entry.disabled ? true : undefined}
                onClick={() => choose(entry.key)}
              >
                <span aria-hidden className="sw-profile-menu__icon">
                  {entry.icon}
                </span>
                {entry.label}
              </button>
            </li>
          ))}
        </ul>
      )}
      {mayEditStore ? <StoreSettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} /> : null}
    </div>
  );
}
