// Live Preview: the punch card as customers will see it, following the form as the vendor types.
import { CoffeeOutlined, EyeOutlined } from '@ant-design/icons';
import { Form, type FormInstance } from 'antd';
import type { Dayjs } from 'dayjs';
import { OTHER_ITEM_VALUE } from '../../constants';
import { SectionCard } from '../../components/SectionCard';
import { clampPunches, stampPreview, type RewardFormValues } from './rewardForm';
import { t } from '../../i18n/texts';
import { formatDay } from '../../lib/format';

export interface LivePreviewProps {
  form: FormInstance<RewardFormValues>;
  items: { _id: string; name: string }[];
  storeName?: string;
}

/** Stamps shrink on narrow cards but never grow past this (a card of 4 would otherwise show huge ones). */
const STAMP_MAX_PX = 60;

/** Icons per row: one row up to 6, then two balanced rows. */
const columnsFor = (icons: number) => (icons <= 6 ? icons : Math.ceil(icons / 2));

export function LivePreview({ form, items, storeName }: LivePreviewProps) {
  const stamps = Form.useWatch('stamps', form);
  const item = Form.useWatch('item', form);
  const itemCustom = Form.useWatch('itemCustom', form);
  const expiry = Form.useWatch('expiry', form) as Dayjs | null | undefined;

  const punches = clampPunches(stamps);
  const preview = stampPreview(punches);
  const itemName =
    item === OTHER_ITEM_VALUE ? itemCustom?.trim() || t('rewards.previewAnyItem') : items.find((i) => i._id === item)?.name ?? t('rewards.previewAnyItem');
  // Only a long card is scaled down; a short one shows exactly its punches.
  const scaled = preview.punchesPerIcon > 1;

  return (
    <SectionCard title={t('rewards.previewTitle')} icon={<EyeOutlined aria-hidden />}>
      <div className="sw-punch-card" data-testid="live-preview">
        {storeName ? <p className="sw-punch-card__store">{storeName}</p> : null}
        <p className="sw-punch-card__program">{t('rewards.previewProgram', { punches, item: itemName })}</p>
        <div
          className="sw-punch-card__stamps"
          style={{ gridTemplateColumns: `repeat(${columnsFor(preview.icons)}, minmax(0, ${STAMP_MAX_PX}px))` }}
          role="img"
          aria-label={t('rewards.previewCollected', { collected: preview.collected, punches })}
        >
          {Array.from({ length: preview.icons }, (_, index) => {
            const filled = index < preview.filledIcons;
            return (
              <span key={index} className={filled ? 'sw-preview-stamp sw-preview-stamp--filled' : 'sw-preview-stamp'} data-stamp={filled ? 'filled' : 'empty'}>
                <CoffeeOutlined aria-hidden />
              </span>
            );
          })}
        </div>
        <p className="sw-punch-card__collected">{t('rewards.previewCollected', { collected: preview.collected, punches })}</p>
        {scaled ? <p className="sw-punch-card__note">{t('rewards.previewScaled', { perIcon: formatPerIcon(preview.punchesPerIcon) })}</p> : null}
        {expiry && expiry.isValid() ? <p className="sw-punch-card__note">{t('rewards.previewExpires', { date: formatDay(expiry.valueOf()) })}</p> : null}
        <p className="sw-punch-card__sample">{t('rewards.previewSampleNote', { collected: preview.collected })}</p>
      </div>
    </SectionCard>
  );
}

/** 2.5 → "2.5", 8.333… → "about 8.3" (an icon rarely stands for a whole number of punches). */
function formatPerIcon(perIcon: number): string {
  const rounded = Math.round(perIcon * 10) / 10;
  return rounded === perIcon ? String(rounded) : `about ${rounded}`;
}
