// Add item: a name and an optional price in the store's currency, typed as the vendor's locale writes
// it ("3,50", "3,50 €", "€3.50"); blank names do nothing, a bad price is refused: one that is not a number
// with SPEC's words, 0 or the currency's limit and more (100,000 dollars, 1,000,000,000 dong) with the
// limits (the server refuses them too).
import { useRef, useState } from 'react';
import { Alert, Button, Input, type InputRef } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { MENU_ITEM_RULES } from '../../constants';
import { serverErrorMessage } from '../../api/errorMessage';
import { currencyAffix, formatPriceLimit, isPriceInRange, parsePriceInput, pricePlaceholder } from '../../lib/money';
import { useAddItemMutation } from './vendorApi';
import { t } from '../../i18n/texts';

export function AddItemForm({ vendorId, currency }: { vendorId: string; currency: string }) {
  const [name, setName] = useState('');
  const [price, setPrice] = useState('');
  /** What is wrong with the typed price: not a number, or out of the limits. */
  const [priceProblem, setPriceProblem] = useState<'invalid' | 'range' | null>(null);
  const priceInvalid = priceProblem !== null;
  /** The last add the server refused, so it does not fail without a word. */
  const [addFailure, setAddFailure] = useState<string | null>(null);
  const [addItem] = useAddItemMutation();
  const nameInput = useRef<InputRef>(null);
  // The sign sits where the vendor's locale writes it: "$ 0.00", "0,00 €".
  const affix = currencyAffix(currency);

  const submit = () => {
    const itemName = name.trim();
    if (!itemName) return;
    const parsed = parsePriceInput(price, currency);
    if (!parsed.ok || !isPriceInRange(parsed.price, currency)) {
      setPriceProblem(parsed.ok ? 'range' : 'invalid');
      return;
    }
    setPriceProblem(null);
    // Optimistic: the item is in the list before the server answers (no rollback). A failure is
    // logged (vendorApi) and said here too: a vendor is told why an item was not kept, not only the console.
    setAddFailure(null);
    addItem({ vendorId, itemName, itemPrice: parsed.price })
      .unwrap()
      .catch((error: unknown) => setAddFailure(t('menuItems.addFailed', { name: itemName, reason: serverErrorMessage(error, t('menuItems.addFailedFallback')) })));
    setName('');
    setPrice('');
    nameInput.current?.focus();
  };

  return (
    <div className="sw-add-item">
      <form
        className="sw-add-item__row"
        aria-label={t('menuItems.addFormLabel')}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Input
          ref={nameInput}
          aria-label={t('menuItems.nameLabel')}
          placeholder={t('menuItems.namePlaceholder')}
          value={name}
          maxLength={MENU_ITEM_RULES.nameMaxLength}
          onChange={(event) => setName(event.target.value)}
          className="sw-add-item__name"
        />
        <Input
          aria-label={t('menuItems.priceLabel')}
          placeholder={pricePlaceholder(undefined, currency)}
          prefix={affix.position === 'prefix' ? affix.symbol : undefined}
          suffix={affix.position === 'suffix' ? affix.symbol : undefined}
          inputMode="decimal"
          value={price}
          status={priceInvalid ? 'error' : undefined}
          aria-invalid={priceInvalid}
          onChange={(event) => {
            setPrice(event.target.value);
            setPriceProblem(null);
          }}
          className="sw-add-item__price"
        />
        <Button type="primary" htmlType="submit" icon={<PlusOutlined aria-hidden />}>
          {t('menuItems.add')}
        </Button>
      </form>
      {addFailure && <Alert type="error" showIcon title={addFailure} role="alert" className="sw-add-item__error" />}
      {priceProblem && (
        <Alert
          type="error"
          showIcon
          title={priceProblem === 'range' ? t('menuItems.priceOutOfRange', { max: formatPriceLimit(currency) }) : t('menuItems.priceInvalid')}
          role="alert"
          className="sw-add-item__error"
        />
      )}
    </div>
  );
}
