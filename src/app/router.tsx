// The app's routes. Pages are code-split so /login does not download the vendor screens, and
// antd (with its provider, AntShell) loads only with the pages that use it. The customer pages (/s/…,
// /wallet…) are not here: they are their own entry (src/customer.tsx).
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RequireVendor } from './RequireVendor';
import { RouteErrorScreen } from './RouteErrorScreen';
import { PageFallback } from './PageFallback';
import { AppFrame } from './ScrollToTop';
import type { AppPart } from '../features/session/roleAccess';

type PageModule = { default: React.ComponentType };
/** A public antd page (sign-in, registration, verification) inside antd's provider. */
const page = (load: () => Promise<PageModule>) => async () => {
  const [{ AntShell }, pageModule] = await Promise.all([import('./AntShell'), load()]);
  const Page = pageModule.default;
  return {
    Component: () => (
      <AntShell>
        <Page />
      </AntShell>
    ),
  };
};

/** The sign-in page without antd's provider (it uses no antd), so /login loads no antd at all. */
const plainPage = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

/** Any other path: the sign-in screen, or the signed-in owner's dashboard. */
const unknownPath = async () => {
  const [{ SignedInGoesToDashboard }, { default: LoginPage }] = await Promise.all([import('./SignedInGoesToDashboard'), import('../features/login/LoginPage')]);
  return {
    Component: () => (
      <SignedInGoesToDashboard>
        <LoginPage />
      </SignedInGoesToDashboard>
    ),
  };
};

/** A protected vendor page: the guard, then the layout with the nav bar, then the page. */
const vendorPage = (path: string, load: () => Promise<PageModule>, part?: AppPart): RouteObject => ({
  path,
  lazy: async () => {
    const [{ AntShell }, { VendorLayout }, pageModule] = await Promise.all([
      import('./AntShell'),
      import('../features/layout/VendorLayout'),
      load(),
    ]);
    const Page = pageModule.default;
    return {
      Component: () => (
        <RequireVendor part={part}>
          <AntShell>
            <VendorLayout>
              <Page />
            </VendorLayout>
          </AntShell>
        </RequireVendor>
      ),
    };
  },
});

export const routes: RouteObject[] = [
  {
    Component: AppFrame,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <PageFallback />,
    children: [
      { path: '/login', lazy: plainPage(() => import('../features/login/LoginPage')) },
      { path: '/register', lazy: page(() => import('../features/register/RegisterPage')) },
      { path: '/verify/:token', lazy: page(() => import('../features/verify/VerifyPage')) },
      { path: '/forgot-password', lazy: page(() => import('../features/password-reset/ForgotPasswordPage')) },
      { path: '/reset-password/:token', lazy: page(() => import('../features/password-reset/ResetPasswordPage')) },
      { path: '/invitation/:token', lazy: page(() => import('../features/team/AcceptInvitationPage')) },
      { path: '/account/confirm-email/:token', lazy: page(() => import('../features/team/ConfirmEmailPage')) },
      // A paired counter screen: counter mode with its own device token, outside the vendor shell.
      { path: '/counter', lazy: page(() => import('../features/qr/device/CounterDevicePage')) },
      vendorPage('/dashboard/:userId', () => import('../features/dashboard/DashboardPage')),
      vendorPage('/rewards/:userId', () => import('../features/rewards/RewardsPage'), 'rewards'),
      vendorPage('/qr-code/:userId', () => import('../features/qr/QrPage')),
      vendorPage('/campaigns/:userId', () => import('../features/campaigns/CampaignsPage'), 'campaigns'),
      vendorPage('/help/:userId', () => import('../features/help/HelpPage')),
      vendorPage('/help/:userId/guide', () => import('../features/help/HelpGuidePage')),
      vendorPage('/help/:userId/faq', () => import('../features/help/HelpFaqPage')),
      vendorPage('/help/:userId/tutorial', () => import('../features/help/HelpTutorialPage')),
      // Reached from the Dashboard (the nav bar keeps its five buttons).
      vendorPage('/customers/:userId', () => import('../features/customers/CustomersPage'), 'customers'),
      // The profile menu's Account Settings: everyone's own; the owner's team and store there too.
      vendorPage('/account/:userId', () => import('../features/team/AccountSettingsPage')),
      // Any other path shows the login screen to a visitor who is not signed in; a signed-in owner goes to their dashboard.
      { path: '*', lazy: unknownPath },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
