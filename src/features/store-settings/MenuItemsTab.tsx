// Menu & Items tab: menu upload, the add-item row and the item list.
import { Typography } from 'antd';
import type { MenuItemDto } from '../../api/contract/vendor';
import { MENU_ITEMS } from '../../constants';
import { AddItemForm } from './AddItemForm';
import { MenuItemList } from './MenuItemList';
import { MenuUploadPanel } from './MenuUploadPanel';

export function MenuItemsTab({ vendorId, items, currency }: { vendorId: string; items: readonly MenuItemDto[]; currency: string }) {
  return (
    <div className="sw-menu-tab">
      <MenuUploadPanel vendorId={vendorId} />
      <div className="sw-menu-tab__heading">
        <Typography.Text strong>{MENU_ITEMS.heading}</Typography.Text>
        <span className="sw-store-muted">{items.length}</span>
      </div>
      <AddItemForm vendorId={vendorId} currency={currency} />
      <MenuItemList vendorId={vendorId} items={items} currency={currency} />
    </div>
  );
}
