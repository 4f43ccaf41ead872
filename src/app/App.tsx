// The app shell: store and router. antd's provider wraps the pages that use antd (see router.tsx).
import { useEffect, useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { makeStore } from './store';
import { createAppRouter } from './router';
import { followSessionAcrossTabs } from '../features/session/sessionTabs';

export function App() {
  const [store] = useState(makeStore);
  const [router] = useState(createAppRouter);
  // Logout in another tab of this browser signs this one out too.
  useEffect(() => followSessionAcrossTabs(store), [store]);
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  );
}
