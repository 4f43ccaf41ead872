// The store as its customers see it under their stamp card: cover, logo, name, address, opening hours,
// website and menu. Store Settings' Preview renders this same component, so the owner sees exactly that.
// Plain markup and its own small stylesheet (no component library): it loads on the customer's phone.
import { useId } from 'react';
import { formatPrice } from '../lib/money';
import { websiteHref } from '../lib/websiteHref';
import { initials } from '../lib/initials';
import './store-details.css';

export interface StoreDetailsMenuEntry {
  name: string;
  /** In the store's currency; null when the item has no price (nothing is shown then). */
  price: number | null;
}

export interface StoreDetailsView {
  company: string;
  logo: string | null;
  cover: string | null;
  address: string;
  openHours: string;
  website: string | null;
  /** ISO 4217 code the menu's prices are in, shown in the reader's locale ("4,20 €" to a French phone). */
  currency: string;
  menu: readonly StoreDetailsMenuEntry[];
}

const ICON_PATHS = {
  address: 'M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z',
  hours: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 10.6V6h-2v7.4l5.2 3.1 1-1.7-4.2-2.2Z',
  website:
    'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-3a15.7 15.7 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8ZM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.5 1.1-2.8 1.9-4ZM4.3 14a8 8 0 0 1 0-4h3.4a16 16 0 0 0 0 4H4.3Zm.8 2h3a15.7 15.7 0 0 0 1.4 3.6A8 8 0 0 1 5.1 16Zm3-8h-3a8 8 0 0 1 4.4-3.6A15.7 15.7 0 0 0 8.1 8ZM12 20c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.5-1.1 2.8-1.9 4Zm2.3-6H9.7a14 14 0 0 1 0-4h4.6a14 14 0 0 1 0 4Zm.2 5.6a15.7 15.7 0 0 0 1.4-3.6h3a8 8 0 0 1-4.4 3.6Zm1.8-5.6a16 16 0 0 0 0-4h3.4a8 8 0 0 1 0 4h-3.4Z',
} as const;

function FactIcon({ kind }: { kind: keyof typeof ICON_PATHS }) {
  return (
    <svg className="sd-store__icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path fill="currentColor" fillRule="evenodd" d={ICON_PATHS[kind]} />
    </svg>
  );
}

/**
 * The section's own words, in the reader's language: the customer pages and the vendor app each load only their
 * own texts, so each passes its own (the same words in both catalogues).
 */
export interface StoreDetailsTexts {
  unnamedStore: string;
  /** With its colon, as the language writes it ("Address:", "Adresse :"). */
  addressLabel: string;
  hoursLabel: string;
  menuHeading: string;
  emptyMenu: string;
  logoAlt: (company: string) => string;
}

/**
 * `logoNamedElsewhere`: the page already shows this logo with its name (the customer's card header), so the
 * section's copy is decorative and a reader or a role query meets one "… logo" image, not two.
 */
export function StoreDetails({ store, texts, headingLevel = 2, logoNamedElsewhere = false }: { store: StoreDetailsView; texts: StoreDetailsTexts; headingLevel?: 2 | 3; logoNamedElsewhere?: boolean }) {
  const menuHeadingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const MenuHeading = headingLevel === 2 ? 'h3' : 'h4';
  const company = store.company.trim() || texts.unnamedStore;
  const href = websiteHref(store.website ?? '');
  return (
    <div className="sd-store" data-testid="store-details">
      <div className="sd-store__cover">{store.cover ? <img src={store.cover} alt="" /> : null}</div>
      <div className="sd-store__logo">
        {store.logo ? <img src={store.logo} alt={logoNamedElsewhere ? '' : texts.logoAlt(company)} /> : <span aria-hidden="true">{initials(company)}</span>}
      </div>
      <div className="sd-store__body">
        {/*
          What the owner wrote keeps its own direction (dir="auto", <bdi>): on a right-to-left page a Latin address
          that starts with a number ("12 rue …") would otherwise show its number at the far end ("rue … Lyon 12").
        */}
        <Heading className="sd-store__name">
          <bdi>{company}</bdi>
        </Heading>
        <ul className="sd-store__facts">
          {store.address.trim() ? (
            <li>
              <FactIcon kind="address" />
              <span className="sd-visually-hidden">{texts.addressLabel} </span>
              <span dir="auto">{store.address}</span>
            </li>
          ) : null}
          {store.openHours.trim() ? (
            <li>
              <FactIcon kind="hours" />
              <span className="sd-visually-hidden">{texts.hoursLabel} </span>
              <span dir="auto">{store.openHours}</span>
            </li>
          ) : null}
          {href ? (
            <li>
              <FactIcon kind="website" />
              <a href={href} target="_blank" rel="noopener noreferrer" dir="auto">
                {(store.website ?? '').trim()}
              </a>
            </li>
          ) : null}
        </ul>
        <MenuHeading className="sd-store__menu-heading" id={menuHeadingId}>
          {texts.menuHeading}
        </MenuHeading>
        {store.menu.length === 0 ? (
          <p className="sd-store__empty">{texts.emptyMenu}</p>
        ) : (
          // The list scrolls, so a keyboard must be able to reach and scroll it: focusable, named by its heading.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling list a keyboard cannot focus cannot be scrolled without a mouse
          <ul className="sd-store__menu" tabIndex={0} aria-labelledby={menuHeadingId}>
            {store.menu.map((item, index) => (
              <li key={`${index}:${item.name}`}>
                <span className="sd-store__item-name" dir="auto">
                  {item.name}
                </span>
                <span className="sd-store__leader" aria-hidden="true" />
                <span className="sd-store__item-price">{formatPrice(item.price, store.currency)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
