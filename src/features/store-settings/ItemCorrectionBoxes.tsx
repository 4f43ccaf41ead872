// A menu item's name and price boxes, as the scan review and the Menu & Items list's edit both show them: labelled
// by the item, the price with the store's currency sign on its side, each marked when its value is refused.
import type { Ref } from 'react';
import { Input, type InputProps, type InputRef } from 'antd';
import type { MenuItemDto } from '../../api/contract/vendor';
import { currencyAffix } from '../../lib/money';
import { t } from '../../i18n/texts';
import { isPriceProblem, type ItemCorrection } from './useItemCorrection';

/** What each screen does on focus, blur, a key or Enter: the review saves on leaving a box, the edit on Save. */
type BoxEvents = Pick<InputProps, 'onFocus' | 'onBlur' | 'onKeyDown' | 'onPressEnter'>;

interface ItemCorrectionBoxesProps extends BoxEvents {
  item: MenuItemDto;
  currency: string;
  correction: Pick<ItemCorrection, 'name' | 'price' | 'problem' | 'setName' | 'setPrice'>;
  nameClassName: string;
  priceClassName: string;
  nameRef?: Ref<InputRef>;
}

export function ItemCorrectionBoxes({ item, currency, correction, nameClassName, priceClassName, nameRef, ...events }: ItemCorrectionBoxesProps) {
  const { name, price, problem, setName, setPrice } = correction;
  const affix = currencyAffix(currency);
  return (
    <>
      <Input
        size="small"
        className={nameClassName}
        aria-label={t('menuReview.nameLabel', { name: item.name })}
        value={name}
        status={problem === 'name' ? 'error' : undefined}
        ref={nameRef}
        onChange={(event) => setName(event.target.value)}
        {...events}
      />
      <Input
        size="small"
        className={priceClassName}
        prefix={affix.position === 'prefix' ? affix.symbol : undefined}
        suffix={affix.position === 'suffix' ? affix.symbol : undefined}
        inputMode="decimal"
        aria-label={t('menuReview.priceLabel', { name: item.name })}
        value={price}
        status={isPriceProblem(problem) ? 'error' : undefined}
        onChange={(event) => setPrice(event.target.value)}
        {...events}
      />
    </>
  );
}
