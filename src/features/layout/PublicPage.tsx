// The frame of the signed-out card pages (registration, verification): brand, a centred card, a footer.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { APP_NAME, ROUTES } from '../../constants';
import { t } from '../../i18n/texts';
import { BrandLogo } from './BrandMark';
import './layout.css';

export function PublicPage({ children, width = 480 }: { children: ReactNode; width?: number }) {
  return (
    <div className="sw-public">
      <header className="sw-public__header">
        <Link to={ROUTES.login} aria-label={t('login.brandLinkLabel', { appName: APP_NAME })}>
          <BrandLogo />
        </Link>
      </header>
      <main className="sw-public__main">
        <div className="sw-public__card" style={{ maxWidth: width }}>
          {children}
        </div>
      </main>
      <footer className="sw-public__footer">
        © {new Date().getFullYear()} {APP_NAME} · {t('publicFooter.tagline')}
      </footer>
    </div>
  );
}
