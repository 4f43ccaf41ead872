// Menu & Items tab: menu upload (and checking its new items against the menu), the add-item row and the item list.
import { Typography } from 'antd';
import { useAppSelector } from '../../app/hooks';
import type { MenuItemDto } from '../../api/contract/vendor';
import { AddItemForm } from './AddItemForm';
import { MenuItemList } from './MenuItemList';
import { MenuScanReview } from './MenuScanReview';
import { MenuUploadPanel } from './MenuUploadPanel';
import { selectNewUploadId } from './menuUploadSlice';
import { t } from '../../i18n/texts';

export function MenuItemsTab({ vendorId, items, currency }: { vendorId: string; items: readonly MenuItemDto[]; currency: string }) {
  // The upload whose ✅ message shows: its new items are checked against the menu picture.
  const newUploadId = useAppSelector(selectNewUploadId);
  return (
    <div className="sw-menu-tab">
      <MenuUploadPanel vendorId={vendorId} />
      {newUploadId && <MenuScanReview vendorId={vendorId} uploadId={newUploadId} items={items} currency={currency} />}
      <div className="sw-menu-tab__heading">
        <Typography.Text strong>{t('menuItems.heading')}</Typography.Text>
        <span className="sw-store-muted">{items.length}</span>
      </div>
      <AddItemForm vendorId={vendorId} currency={currency} />
      <MenuItemList vendorId={vendorId} items={items} currency={currency} />
    </div>
  );
}
