// Renders a component the way the app does: the texts (re-rendered on a language switch), a real store, the antd
// theme and a memory router.
import type { ReactElement } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { ConfigProvider, App as AntApp } from 'antd';
import { makeStore, type AppStore, type RootState } from '../../src/app/store';
import { theme } from '../../src/app/theme';
import { TextsRoot } from '../../src/i18n/TextsRoot';

export interface RenderWithAppOptions extends Omit<RenderOptions, 'wrapper'> {
  preloadedState?: Partial<RootState>;
  store?: AppStore;
  /** The path the memory router starts on. */
  route?: string;
  /** Route pattern for `ui` (e.g. '/rewards/:userId') so useParams works; other routes may be added. */
  path?: string;
  extraRoutes?: RouteObject[];
}

export function renderWithApp(ui: ReactElement, options: RenderWithAppOptions = {}) {
  const { preloadedState, store = makeStore(preloadedState), route = '/', path = '*', extraRoutes = [], ...renderOptions } = options;
  const router = createMemoryRouter([{ path, element: ui }, ...extraRoutes], { initialEntries: [route] });
  const result = render(
    <TextsRoot>
      <Provider store={store}>
        <ConfigProvider theme={theme}>
          <AntApp>
            <RouterProvider router={router} />
          </AntApp>
        </ConfigProvider>
      </Provider>
    </TextsRoot>,
    renderOptions,
  );
  return { store, router, ...result };
}

// Tokens live in support/tokens.ts (slice tests use them without loading antd); re-exported for page tests.
export { fakeToken } from './support/tokens';
