// The top navigation bar of every vendor page: brand, page buttons, search, profile menu.
// Below 768 px (phones) the page buttons and the search box fold into a panel opened by a Menu button.
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from 'antd';
import { CloseOutlined, MenuOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { APP_NAME, ROUTES } from '../../constants';
import { NAV_TEXT } from './texts';
import { useAppSelector, useAppStore } from '../../app/hooks';
import { selectIsLoggedIn, selectRole, selectSessionEndedBecause, selectVendorId } from '../session/sessionSlice';
import { roleAllows } from '../session/roleAccess';
import { BrandLogo } from './BrandMark';
import { GlobalSearch } from './GlobalSearch';
import { ProfileMenu } from './ProfileMenu';
import { NAV_ITEMS, isNavItemActive, navTarget } from './navItems';

export function NavBar() {
  const store = useAppStore();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const vendorId = useAppSelector(selectVendorId);
  const role = useAppSelector(selectRole);
  // A staff member sees only the pages their role may use (the server refuses the others anyway).
  const items = NAV_ITEMS.filter((item) => vendorId === null || roleAllows(role, item.part));

  // Validity is read at click time: a token that expired while the page was open sends the vendor to /login.
  const currentVendorId = () => {
    const state = store.getState();
    return selectIsLoggedIn(state) ? selectVendorId(state) : null;
  };

  const panel = useFoldedPanel(pathname);

  // A session that ends while the page is open (the server refused the token: the sign-in screen says why)
  // leaves the vendor page for /login, replacing the entry.
  const sessionEnded = useAppSelector(selectSessionEndedBecause) !== null;
  useEffect(() => {
    if (sessionEnded) navigate(ROUTES.login, { replace: true });
  }, [sessionEnded, navigate]);

  return (
    <header className="sw-nav">
      <div className="sw-nav__inner">
        {/* Shown by the stylesheet below 768 px only; wider, the panel's content sits in the bar itself. */}
        <Button
          ref={panel.toggleRef}
          type="text"
          className="sw-nav__toggle"
          icon={panel.open ? <CloseOutlined aria-hidden="true" /> : <MenuOutlined aria-hidden="true" />}
          aria-label={NAV_TEXT.menu}
          aria-expanded={panel.open}
          aria-controls={panel.id}
          onClick={panel.toggle}
        />
        <Link to={navTarget(NAV_ITEMS[0], vendorId)} className="sw-nav__brand" aria-label={`${APP_NAME} — ${NAV_TEXT.dashboard}`}>
          <BrandLogo />
        </Link>
        <div id={panel.id} ref={panel.panelRef} className="sw-nav__panel" data-open={panel.open || undefined}>
          <nav aria-label={NAV_TEXT.label} className="sw-nav__links">
            {items.map((item) => {
              const active = isNavItemActive(item, navTarget(item, vendorId), pathname);
              return (
                <Button
                  key={item.key}
                  type="text"
                  className="sw-nav__link"
                  disabled={item.disabled}
                  aria-current={active ? 'page' : undefined}
                  onClick={() => navigate(navTarget(item, currentVendorId()))}
                >
                  {item.label}
                </Button>
              );
            })}
          </nav>
          <div className="sw-nav__search" role="search">
            <GlobalSearch vendorId={vendorId} />
          </div>
        </div>
        {vendorId !== null && <ProfileMenu vendorId={vendorId} />}
      </div>
    </header>
  );
}

/**
 * The phone-width disclosure: open/closed, closed again by Escape (focus back on the Menu button), by a
 * pointer press outside it, and by any navigation — it remembers the path it was opened on, so a new
 * path (a page button, the browser's Back) finds it closed without an effect having to reset it.
 */
function useFoldedPanel(pathname: string) {
  const id = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const [openOnPath, setOpenOnPath] = useState<string | null>(null);
  const open = openOnPath === pathname;

  useEffect(() => {
    if (!open) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // An Escape meant for something else (the profile menu, a dialog) leaves the panel and focus alone.
      const focused = document.activeElement;
      const ours = focused === null || focused === document.body || toggleRef.current === focused || panelRef.current?.contains(focused);
      if (!ours) return;
      setOpenOnPath(null);
      toggleRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (panelRef.current?.contains(target) || toggleRef.current?.contains(target)) return;
      setOpenOnPath(null);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  const toggle = () => setOpenOnPath(open ? null : pathname);
  return { id, open, toggle, toggleRef, panelRef };
}
