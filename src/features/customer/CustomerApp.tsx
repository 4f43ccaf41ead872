// The customer app: the browser's router, the customer API cache, the customer routes.
import { BrowserRouter } from 'react-router-dom';
import { CustomerApiProvider } from './api/hooks';
import { CustomerRoutes } from './routes';

export function CustomerApp() {
  return (
    <BrowserRouter>
      <CustomerApiProvider>
        <CustomerRoutes />
      </CustomerApiProvider>
    </BrowserRouter>
  );
}
