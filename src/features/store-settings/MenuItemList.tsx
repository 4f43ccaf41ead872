// The menu items with their prices in the store's currency and a confirmed, optimistic delete.
import { useEffect, useRef } from 'react';
import { Button, Empty, Popconfirm, Tag } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import type { MenuItemDto } from '../../api/contract/vendor';
import { useAppSelector } from '../../app/hooks';
import { selectNewUploadId } from './menuUploadSlice';
import { formatPrice } from '../../lib/money';
import { isTemporaryItemId, useDeleteItemMutation } from './vendorApi';
import { useGetRewardQuery } from '../../api/rewardsApi';
import { t } from '../../i18n/texts';

export function MenuItemList({ vendorId, items, currency }: { vendorId: string; items: readonly MenuItemDto[]; currency: string }) {
  const [deleteItem] = useDeleteItemMutation();
  // Items the upload just shown added are marked, so the vendor can check the read.
  const newUploadId = useAppSelector(selectNewUploadId);
  // Deleting the reward's qualifying item changes the live card, so the confirmation says so.
  const { data: reward } = useGetRewardQuery(vendorId);
  const qualifyingItemId = reward?.reward.item ?? null;
  // An item just added lands at the end of the scroll box; bring it into view.
  const list = useRef<HTMLUListElement>(null);
  const newest = items.at(-1)?._id;
  useEffect(() => {
    if (!newest || !isTemporaryItemId(newest)) return;
    list.current?.lastElementChild?.scrollIntoView?.({ block: 'nearest' });
  }, [newest]);

  if (items.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('menuItems.empty')} className="sw-items__empty" />;
  }
  return (
    <ul className="sw-items" aria-label={t('menuItems.heading')} ref={list}>
      {items.map((item) => (
        <li key={item._id} className={newUploadId && item.uploadId === newUploadId ? 'sw-items__row sw-items__row--new' : 'sw-items__row'}>
          {/* A long name is cut with … — its title shows it whole. */}
          <span className="sw-items__name" title={item.name}>
            {item.name}
          </span>
          <span className="sw-items__price">{formatPrice(item.price, currency)}</span>
          {newUploadId && item.uploadId === newUploadId && (
            <Tag color="green" className="sw-items__new">
              {t('menuUpload.newTag')}
            </Tag>
          )}
          <Popconfirm
            title={t('menuItems.deleteConfirm', { name: item.name })}
            description={item._id === qualifyingItemId ? t('menuItems.deleteQualifyingWarning', { name: item.name }) : undefined}
            okText={t('menuItems.deleteOk')}
            cancelText={t('menuItems.deleteCancel')}
            okButtonProps={{ danger: true }}
            placement="topRight"
            classNames={{ root: 'sw-items__confirm' }}
            onConfirm={() => void deleteItem({ vendorId, itemId: item._id })}
          >
            <Button type="text" size="small" danger icon={<DeleteOutlined aria-hidden />} aria-label={t('menuItems.deleteLabel', { name: item.name })} />
          </Popconfirm>
        </li>
      ))}
    </ul>
  );
}
