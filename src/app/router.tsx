// Routes of SPEC.md §2. Pages are code-split so /login does not download the vendor screens.
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RequireVendor } from './RequireVendor';
import { RouteErrorScreen } from './RouteErrorScreen';
import { PageFallback } from './PageFallback';

type PageModule = { default: React.ComponentType };
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

/** A protected vendor page: the guard, then the layout with the nav bar, then the page. */
const vendorPage = (path: string, load: () => Promise<PageModule>): RouteObject => ({
  path,
  lazy: async () => {
    const [{ VendorLayout }, pageModule] = await Promise.all([import('../features/layout/VendorLayout'), load()]);
    const Page = pageModule.default;
    return {
      Component: () => (
        <RequireVendor>
          <VendorLayout>
            <Page />
          </VendorLayout>
        </RequireVendor>
      ),
    };
  },
});

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <PageFallback />,
    children: [
      { path: '/login', lazy: page(() => import('../features/login/LoginPage')) },
      { path: '/register', lazy: page(() => import('../features/register/RegisterPage')) },
      { path: '/verify/:token', lazy: page(() => import('../features/verify/VerifyPage')) },
      vendorPage('/dashboard/:userId', () => import('../features/dashboard/DashboardPage')),
      vendorPage('/rewards/:userId', () => import('../features/rewards/RewardsPage')),
      vendorPage('/qr-code/:userId', () => import('../features/qr/QrPage')),
      vendorPage('/campaigns/:userId', () => import('../features/campaigns/CampaignsPage')),
      vendorPage('/help/:userId', () => import('../features/help/HelpPage')),
      // Any other path shows the login screen (SPEC.md §2).
      { path: '*', lazy: page(() => import('../features/login/LoginPage')) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
