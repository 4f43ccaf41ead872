// After a scan: its new items beside the menu picture, each outlined where it was read. Clicking an item
// shows its place; names and prices are corrected in place, and an unwanted item goes in one click.
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Spin } from 'antd';
import { AimOutlined, DeleteOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import type { MenuItemDto, MenuItemRegion } from '../../api/contract/vendor';
import { t } from '../../i18n/texts';
import { useDeleteItemMutation, useGetMenuScanPictureQuery, useGetMenuScanReviewQuery } from './vendorApi';
import { correctionProblemText, useItemCorrection } from './useItemCorrection';
import { ItemCorrectionBoxes } from './ItemCorrectionBoxes';

/** A console line for the developer, not a text for the vendor. */
const REVIEW_FAILED_LOG = 'Failed to load the menu scan for review';

export interface MenuScanReviewProps {
  vendorId: string;
  uploadId: string;
  /** The menu as it stands; the review shows the items this upload added that are still on it. */
  items: readonly MenuItemDto[];
  /** The store's currency (ISO 4217): the price boxes read its sign and the locale's decimal mark. */
  currency: string;
}

export function MenuScanReview({ vendorId, uploadId, items, currency }: MenuScanReviewProps) {
  const { data: review, isLoading, isError, error } = useGetMenuScanReviewQuery({ vendorId, uploadId });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const scanItems = items.filter((item) => item.uploadId === uploadId);

  useEffect(() => {
    if (isError) console.error(REVIEW_FAILED_LOG, error);
  }, [isError, error]);

  if (scanItems.length === 0) return null;
  const names = new Map(scanItems.map((item) => [item._id, item.name]));
  // A removed item's outline goes with it.
  const regions = (review?.regions ?? []).filter((region) => names.has(region.itemId));
  const placed = new Set(regions.map((region) => region.itemId));

  return (
    <section className="sw-scan-review" aria-labelledby="scan-review-heading">
      <h3 id="scan-review-heading" className="sw-scan-review__heading">
        {t('menuReview.heading')}
      </h3>
      <p className="sw-store-muted sw-scan-review__hint">{t('menuReview.hint')}</p>
      <div className="sw-scan-review__body">
        <div className="sw-scan-review__pictures">
          {isLoading && <Spin size="small" aria-label={t('menuReview.pictureLoading')} />}
          {isError && <Alert type="warning" showIcon title={t('menuReview.pictureFailed')} />}
          {review && review.pages.length === 0 && <Alert type="info" showIcon title={t('menuReview.noPicture')} />}
          {review && review.pages.length > 0 && (
            <MenuPictures
              vendorId={vendorId}
              uploadId={uploadId}
              pages={review.pages}
              regions={regions}
              names={names}
              selectedId={selectedId}
              onSelect={setSelectedId}
            />
          )}
        </div>
        <ul className="sw-scan-review__items" aria-label={t('menuReview.itemsLabel')}>
          {scanItems.map((item) => (
            <ReviewRow
              key={item._id}
              vendorId={vendorId}
              currency={currency}
              item={item}
              hasPlace={placed.has(item._id)}
              selected={item._id === selectedId}
              onSelect={() => setSelectedId(item._id)}
            />
          ))}
        </ul>
      </div>
    </section>
  );
}

interface MenuPicturesProps {
  vendorId: string;
  uploadId: string;
  pages: readonly { page: number; width: number; height: number }[];
  regions: readonly MenuItemRegion[];
  names: ReadonlyMap<string, string>;
  selectedId: string | null;
  onSelect: (itemId: string) => void;
}

/** The scanned pages, one under the other in a scroll box that brings the selected item's outline into view. */
function MenuPictures({ vendorId, uploadId, pages, regions, names, selectedId, onSelect }: MenuPicturesProps) {
  const box = useRef<HTMLDivElement>(null);
  const outlines = useRef(new Map<string, HTMLButtonElement>());
  // A phone photo's small print needs a closer look than the box's width gives.
  const [zoomed, setZoomed] = useState(false);

  useEffect(() => {
    const container = box.current;
    const outline = selectedId ? outlines.current.get(selectedId) : undefined;
    if (!container || !outline) return;
    const boxRect = container.getBoundingClientRect();
    const rect = outline.getBoundingClientRect();
    // Centred in the box; only the box scrolls, not the dialog around it.
    const top = container.scrollTop + rect.top - boxRect.top - (container.clientHeight - rect.height) / 2;
    const left = container.scrollLeft + rect.left - boxRect.left - (container.clientWidth - rect.width) / 2;
    container.scrollTo?.({ top: Math.max(0, top), left: Math.max(0, left), behavior: 'smooth' });
  }, [selectedId, zoomed]);

  return (
    <>
      <Button
        size="small"
        type="text"
        className="sw-scan-review__zoom"
        icon={zoomed ? <ZoomOutOutlined aria-hidden /> : <ZoomInOutlined aria-hidden />}
        aria-pressed={zoomed}
        onClick={() => setZoomed((current) => !current)}
      >
        {zoomed ? t('menuReview.zoomOut') : t('menuReview.zoomIn')}
      </Button>
      <div className={zoomed ? 'sw-scan-review__scroll sw-scan-review__scroll--zoomed' : 'sw-scan-review__scroll'} ref={box}>
        {pages.map((page) => (
          <div key={page.page} className="sw-scan-review__page" style={{ aspectRatio: `${page.width} / ${page.height}` }}>
            <PagePicture vendorId={vendorId} uploadId={uploadId} page={page.page} label={pages.length > 1 ? t('menuReview.picturePage', { page: page.page + 1, pages: pages.length }) : t('menuReview.picture')} />
            {regions
              .filter((region) => region.page === page.page)
              .map((region) => {
                const name = names.get(region.itemId) ?? '';
                const selected = region.itemId === selectedId;
                return (
                  <button
                    key={region.itemId}
                    type="button"
                    ref={(node) => {
                      if (node) outlines.current.set(region.itemId, node);
                      else outlines.current.delete(region.itemId);
                    }}
                    className={selected ? 'sw-scan-review__outline sw-scan-review__outline--selected' : 'sw-scan-review__outline'}
                    style={{ left: `${region.x * 100}%`, top: `${region.y * 100}%`, width: `${region.width * 100}%`, height: `${region.height * 100}%` }}
                    aria-label={t('menuReview.outlineLabel', { name: name })}
                    aria-pressed={selected}
                    title={name}
                    onClick={() => onSelect(region.itemId)}
                  />
                );
              })}
          </div>
        ))}
      </div>
    </>
  );
}

function PagePicture({ vendorId, uploadId, page, label }: { vendorId: string; uploadId: string; page: number; label: string }) {
  const { data: src, isError } = useGetMenuScanPictureQuery({ vendorId, uploadId, page });
  if (isError) return <div className="sw-scan-review__missing">{t('menuReview.pictureFailed')}</div>;
  if (!src) return <Spin size="small" className="sw-scan-review__loading" aria-label={t('menuReview.pictureLoading')} />;
  return <img src={src} alt={label} className="sw-scan-review__image" />;
}

interface ReviewRowProps {
  vendorId: string;
  currency: string;
  item: MenuItemDto;
  hasPlace: boolean;
  selected: boolean;
  onSelect: () => void;
}

/** One new item: where it was read, its name and price to correct, and its removal. */
function ReviewRow({ vendorId, currency, item, hasPlace, selected, onSelect }: ReviewRowProps) {
  const [deleteItem] = useDeleteItemMutation();
  const correction = useItemCorrection(vendorId, currency, item);
  const { problem, save } = correction;

  return (
    <li className={selected ? 'sw-scan-review__item sw-scan-review__item--selected' : 'sw-scan-review__item'}>
      <div className="sw-scan-review__row">
        <Button
          type="text"
          size="small"
          className="sw-scan-review__locate"
          icon={<AimOutlined aria-hidden />}
          aria-label={t('menuReview.showLabel', { name: item.name })}
          aria-pressed={selected}
          title={hasPlace ? undefined : t('menuReview.noPlace')}
          disabled={!hasPlace}
          onClick={onSelect}
        />
        <ItemCorrectionBoxes
          item={item}
          currency={currency}
          correction={correction}
          nameClassName="sw-scan-review__name"
          priceClassName="sw-scan-review__price"
          onFocus={onSelect}
          onBlur={() => void save()}
          onPressEnter={() => void save()}
        />
        <Button
          type="text"
          size="small"
          danger
          className="sw-scan-review__remove"
          icon={<DeleteOutlined aria-hidden />}
          aria-label={t('menuReview.removeLabel', { name: item.name })}
          onClick={() => void deleteItem({ vendorId, itemId: item._id })}
        />
      </div>
      {problem && (
        <div className="sw-store-error sw-scan-review__problem" role="alert">
          {correctionProblemText(problem, currency)}
        </div>
      )}
    </li>
  );
}
