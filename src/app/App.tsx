// The app shell: store and router. antd's provider wraps the pages that use antd (see router.tsx).
import { useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { makeStore } from './store';
import { createAppRouter } from './router';

export function App() {
  const [store] = useState(makeStore);
  const [router] = useState(createAppRouter);
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  );
}
