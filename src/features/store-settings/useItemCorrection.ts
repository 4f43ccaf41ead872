// A menu item's name and price as text boxes hold them, checked as adding an item checks them and saved through
// update-item: the scan review's corrections and the Menu & Items list's edit share it.
import { useState } from 'react';
import type { MenuItemDto } from '../../api/contract/vendor';
import { formatPriceLimit, isPriceInRange, parsePriceInput, priceBoxText } from '../../lib/money';
import { t } from '../../i18n/texts';
import type { MessageId } from '../../i18n/catalogue';
import { useUpdateItemMutation } from './vendorApi';

/** A console line for the developer (not shown to the vendor, so not translated). */
const SAVE_FAILED_LOG = 'Failed to save a menu item correction';

/** What is wrong, not its words: the text is chosen at render, in the page's language. */
export type CorrectionProblem = 'name' | 'price' | 'priceRange' | 'save';

/** Each problem's words; the price's limit goes in as `max`, written in the store's currency. */
export const CORRECTION_PROBLEM_TEXT = {
  name: 'menuReview.nameRequired',
  price: 'menuReview.priceInvalid',
  priceRange: 'menuReview.priceOutOfRange',
  save: 'menuReview.saveFailed',
} as const satisfies Record<CorrectionProblem, MessageId>;

/** The problem's words in the page's language, the price's limits put in. */
export const correctionProblemText = (problem: CorrectionProblem, currency: string): string => t(CORRECTION_PROBLEM_TEXT[problem], { max: formatPriceLimit(currency) });

/** The problems the price box is marked for. */
export const isPriceProblem = (problem: CorrectionProblem | null): boolean => problem === 'price' || problem === 'priceRange';

export interface ItemCorrection {
  name: string;
  price: string;
  problem: CorrectionProblem | null;
  setName: (name: string) => void;
  setPrice: (price: string) => void;
  /** Checks and sends what changed; true once the item holds the boxes' values (nothing to send counts). */
  save: () => Promise<boolean>;
  /** The boxes back to the item's values, the problem cleared. */
  reset: () => void;
}

export function useItemCorrection(vendorId: string, currency: string, item: MenuItemDto): ItemCorrection {
  const [updateItem] = useUpdateItemMutation();
  const [name, setName] = useState(item.name);
  const [price, setPrice] = useState(priceBoxText(item.price, currency));
  const [problem, setProblem] = useState<CorrectionProblem | null>(null);

  const save = async (): Promise<boolean> => {
    const newName = name.trim().replace(/\s+/g, ' ');
    if (newName === '') {
      setProblem('name');
      return false;
    }
    const parsed = parsePriceInput(price, currency);
    if (!parsed.ok) {
      setProblem('price');
      return false;
    }
    if (!isPriceInRange(parsed.price, currency)) {
      setProblem('priceRange');
      return false;
    }
    setProblem(null);
    const change = {
      ...(newName !== item.name ? { itemName: newName } : {}),
      ...(parsed.price !== item.price ? { itemPrice: parsed.price } : {}),
    };
    if (Object.keys(change).length === 0) return true;
    try {
      await updateItem({ vendorId, itemId: item._id, ...change }).unwrap();
      setName(newName);
      setPrice(priceBoxText(parsed.price, currency));
      return true;
    } catch (error) {
      console.error(SAVE_FAILED_LOG, error);
      setProblem('save');
      return false;
    }
  };

  const reset = () => {
    setName(item.name);
    setPrice(priceBoxText(item.price, currency));
    setProblem(null);
  };

  return { name, price, problem, setName, setPrice, save, reset };
}
