// The top navigation bar of every vendor page (SPEC.md §2): brand, page buttons, search, profile menu.
import { Button, Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { APP_NAME, NAV_TEXT } from '../../constants';
import { useAppSelector, useAppStore } from '../../app/hooks';
import { selectIsLoggedIn, selectVendorId } from '../session/sessionSlice';
import { BrandLogo } from './BrandMark';
import { ProfileMenu } from './ProfileMenu';
import { NAV_ITEMS, isNavItemActive, navTarget } from './navItems';

export function NavBar() {
  const store = useAppStore();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const vendorId = useAppSelector(selectVendorId);

  // Validity is read at click time: a token that expired while the page was open sends the vendor to /login.
  const currentVendorId = () => {
    const state = store.getState();
    return selectIsLoggedIn(state) ? selectVendorId(state) : null;
  };

  return (
    <header className="sw-nav">
      <div className="sw-nav__inner">
        <Link to={navTarget(NAV_ITEMS[0], vendorId)} className="sw-nav__brand" aria-label={`${APP_NAME} — ${NAV_TEXT.dashboard}`}>
          <BrandLogo />
        </Link>
        <nav aria-label={NAV_TEXT.label} className="sw-nav__links">
          {NAV_ITEMS.map((item) => {
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
          <Input
            aria-label={NAV_TEXT.search}
            placeholder={NAV_TEXT.searchPlaceholder}
            prefix={<SearchOutlined aria-hidden="true" style={{ color: '#6f5d50' }} />}
            allowClear
          />
        </div>
        {vendorId !== null && <ProfileMenu vendorId={vendorId} />}
      </div>
    </header>
  );
}
