// The customer app: the page's language, the browser's router, the customer API cache, the customer routes.
import { useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { TextsRoot } from '../../i18n/TextsRoot';
import { CustomerApiProvider } from './api/hooks';
import { CustomerCache } from './api/cache';
import { CustomerRoutes } from './routes';

export function CustomerApp() {
  // The cache lives above the language's remount (TextsRoot): a scan's code and a mailed link are used once, and a
  // switch of language shows their answer again instead of sending them a second time.
  const [cache] = useState(() => new CustomerCache());
  return (
    <CustomerApiProvider cache={cache}>
      <TextsRoot>
        <BrowserRouter>
          <CustomerRoutes />
        </BrowserRouter>
      </TextsRoot>
    </CustomerApiProvider>
  );
}
