// The customer app: its own small router over the browser's history, the customer API cache, the customer routes.
import { CustomerRouter } from './router';
import { CustomerApiProvider } from './api/hooks';
import { CustomerRoutes } from './routes';

export function CustomerApp() {
  return (
    <CustomerRouter>
      <CustomerApiProvider>
        <CustomerRoutes />
      </CustomerApiProvider>
    </CustomerRouter>
  );
}
