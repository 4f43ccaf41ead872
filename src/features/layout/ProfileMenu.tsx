// The profile menu: business name and logo from GET /api/vendor/{id}; Store Settings, Account Settings, Logout.
import { useEffect, useState } from 'react';
import { Avatar, Button, Dropdown, Skeleton, type MenuProps } from 'antd';
import { DownOutlined, LogoutOutlined, ShopOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { NAV_TEXT, ROUTES } from '../../constants';
import { useAppDispatch } from '../../app/hooks';
import { loggedOut, logout } from '../session/sessionSlice';
import { useGetVendorQuery } from '../store-settings/vendorApi';
import { StoreSettingsDialog } from '../store-settings/StoreSettingsDialog';

/** Up to two initials of the business name, for vendors without a logo. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => Array.from(word)[0]?.toUpperCase() ?? '').join('') || '?';
}

type MenuKey = 'store-settings' | 'account-settings' | 'logout';

const MENU_ITEMS: MenuProps['items'] = [
  { key: 'store-settings' satisfies MenuKey, label: NAV_TEXT.storeSettings, icon: <ShopOutlined /> },
  // SPEC.md §6: Account Settings is disabled for everyone.
  { key: 'account-settings' satisfies MenuKey, label: NAV_TEXT.accountSettings, icon: <UserOutlined />, disabled: true },
  { type: 'divider' },
  { key: 'logout' satisfies MenuKey, label: NAV_TEXT.logout, icon: <LogoutOutlined /> },
];

export function ProfileMenu({ vendorId }: { vendorId: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const { data, isError, error } = useGetVendorQuery(vendorId);

  // SPEC.md §8: if the vendor cannot be loaded the session is cleared and the vendor signs in again.
  useEffect(() => {
    if (!isError) return;
    console.error(NAV_TEXT.vendorLoadFailedLog, error);
    dispatch(loggedOut());
    navigate(ROUTES.login, { replace: true });
  }, [isError, error, dispatch, navigate]);

  const onMenuClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'store-settings') setSettingsOpen(true);
    if (key === 'logout') {
      dispatch(logout());
      navigate(ROUTES.login, { replace: true });
    }
  };

  const company = data?.vendor.company ?? '';
  const logo = data?.vendor.logo ?? null;

  return (
    <>
      <Dropdown menu={{ items: MENU_ITEMS, onClick: onMenuClick }} trigger={['click']} placement="bottomRight">
        <Button type="text" className="sw-profile" aria-label={`${NAV_TEXT.profileMenu}: ${company || NAV_TEXT.loadingVendor}`}>
          {data ? (
            <Avatar
              size={34}
              className="sw-profile__avatar"
              src={logo ?? undefined}
              alt={logo ? NAV_TEXT.logoAlt(company) : undefined}
            >
              {initialsOf(company)}
            </Avatar>
          ) : (
            <Skeleton.Avatar active size={34} />
          )}
          <span className="sw-profile__name">{data ? company : <Skeleton.Input active size="small" style={{ width: 96 }} />}</span>
          <DownOutlined className="sw-profile__chevron" aria-hidden="true" />
        </Button>
      </Dropdown>
      <StoreSettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </>
  );
}
