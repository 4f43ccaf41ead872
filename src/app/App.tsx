// The app shell: store, antd theme and the router.
import { useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { App as AntApp, ConfigProvider } from 'antd';
import { makeStore } from './store';
import { createAppRouter } from './router';
import { theme } from './theme';

export function App() {
  const [store] = useState(makeStore);
  const [router] = useState(createAppRouter);
  return (
    <Provider store={store}>
      <ConfigProvider theme={theme}>
        <AntApp>
          <RouterProvider router={router} />
        </AntApp>
      </ConfigProvider>
    </Provider>
  );
}
