// The menu items with their prices in the store's currency, an edit of name and price in place (checked as adding
// an item is; a menu read at registration has no review, so a misread name is corrected here), and a confirmed,
// optimistic delete.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Empty, Popconfirm, Tag, type InputRef } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { MenuItemDto } from '../../api/contract/vendor';
import { useAppSelector } from '../../app/hooks';
import { selectNewUploadId } from './menuUploadSlice';
import { formatPrice } from '../../lib/money';
import { isTemporaryItemId, useDeleteItemMutation } from './vendorApi';
import { correctionProblemText, useItemCorrection } from './useItemCorrection';
import { ItemCorrectionBoxes } from './ItemCorrectionBoxes';
import { useGetRewardQuery } from '../../api/rewardsApi';
import { t } from '../../i18n/texts';

export function MenuItemList({ vendorId, items, currency }: { vendorId: string; items: readonly MenuItemDto[]; currency: string }) {
  const [deleteItem] = useDeleteItemMutation();
  const [editingId, setEditingId] = useState<string | null>(null);
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
          {editingId === item._id ? (
            <ItemEditor vendorId={vendorId} currency={currency} item={item} onDone={() => setEditingId(null)} />
          ) : (
            <>
              {/* A long name is cut with … — its title shows it whole. */}
              <span className="sw-items__name" title={item.name}>
                {item.name}
              </span>
              <span className="sw-items__price">{formatPrice(item.price, currency)}</span>
            </>
          )}
          {newUploadId && item.uploadId === newUploadId && (
            <Tag color="green" className="sw-items__new">
              {t('menuUpload.newTag')}
            </Tag>
          )}
          {editingId === item._id ? null : (
            <Button
              type="text"
              size="small"
              icon={<EditOutlined aria-hidden />}
              aria-label={t('menuItems.editLabel', { name: item.name })}
              // An item still being added has no id the server knows yet.
              disabled={isTemporaryItemId(item._id)}
              onClick={() => setEditingId(item._id)}
            />
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

/** The row's name and price as text boxes: Enter or Save keeps them, Esc or Cancel leaves them as they were. */
function ItemEditor({ vendorId, currency, item, onDone }: { vendorId: string; currency: string; item: MenuItemDto; onDone: () => void }) {
  const correction = useItemCorrection(vendorId, currency, item);
  const { problem, save } = correction;
  const [saving, setSaving] = useState(false);
  // Edit was pressed to change the name: the focus goes there, not back to the page.
  const nameBox = useRef<InputRef>(null);
  useEffect(() => nameBox.current?.focus(), []);
  const keep = async () => {
    setSaving(true);
    const saved = await save();
    setSaving(false);
    if (saved) onDone();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      // Esc leaves the edit only, not the Store Settings dialog around it.
      event.stopPropagation();
      onDone();
    }
  };
  return (
    <div className="sw-items__edit">
      <div className="sw-items__edit-fields">
        <ItemCorrectionBoxes
          item={item}
          currency={currency}
          correction={correction}
          nameClassName="sw-items__edit-name"
          priceClassName="sw-items__edit-price"
          nameRef={nameBox}
          onKeyDown={onKeyDown}
          onPressEnter={() => void keep()}
        />
        <Button size="small" type="primary" loading={saving} onClick={() => void keep()}>
          {t('menuItems.editSave')}
        </Button>
        <Button size="small" onClick={onDone}>
          {t('menuItems.editCancel')}
        </Button>
      </div>
      {problem && (
        <div className="sw-store-error" role="alert">
          {correctionProblemText(problem, currency)}
        </div>
      )}
    </div>
  );
}
