// The customer pages' own mobile layout: a slim bar with the brand, 'My cards' and the language — no vendor navigation.
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { CUSTOMER_ROUTES } from '../../constants';
import { LanguageSelect } from './LanguageSelect';
import { CUSTOMER_TEXT } from './texts';
import './customer.css';

export function CustomerLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div className="cw-shell">
      <nav className="cw-topbar" aria-label={CUSTOMER_TEXT.brand}>
        <Link className="cw-brand" to={CUSTOMER_ROUTES.wallet}>
          <span className="cw-brand-mark" aria-hidden="true" />
          {CUSTOMER_TEXT.brand}
        </Link>
        <span className="cw-topbar-end">
          {pathname !== CUSTOMER_ROUTES.wallet ? (
            <Link className="cw-toplink" to={CUSTOMER_ROUTES.wallet}>
              {CUSTOMER_TEXT.myCards}
            </Link>
          ) : null}
          <LanguageSelect />
        </span>
      </nav>
      <main className="cw-main">{children}</main>
    </div>
  );
}
