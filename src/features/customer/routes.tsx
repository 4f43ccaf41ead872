// The customer routes (issue 6): /s/:token, /wallet, /wallet/:cardId, /wallet/recover/:token — code-split,
// in their own mobile layout, so a phone opening a QR code downloads none of the vendor screens.
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';

type PageModule = { default: ComponentType };

const customerPage = (path: string, load: () => Promise<PageModule>): RouteObject => ({
  path,
  lazy: async () => {
    const [{ CustomerLayout }, pageModule] = await Promise.all([import('./CustomerLayout'), load()]);
    const Page = pageModule.default;
    return {
      Component: () => (
        <CustomerLayout>
          <Page />
        </CustomerLayout>
      ),
    };
  },
});

export const customerRoutes: RouteObject[] = [
  customerPage('/s/:token', () => import('./ScanPage')),
  customerPage('/wallet', () => import('./WalletPage')),
  customerPage('/wallet/recover/:token', () => import('./RecoverPage')),
  customerPage('/wallet/confirm-email/:token', () => import('./ConfirmEmailPage')),
  customerPage('/wallet/:cardId', () => import('./CardPage')),
];
