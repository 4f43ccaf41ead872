// The protection rule of SPEC.md §2: no valid session → /login; another vendor's id → own dashboard.
import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { ROUTES } from '../constants';
import { useAppSelector } from './hooks';
import { selectIsLoggedIn, selectVendorId } from '../features/session/sessionSlice';

export function RequireVendor({ children }: { children: ReactNode }) {
  const loggedIn = useAppSelector((state) => selectIsLoggedIn(state));
  const vendorId = useAppSelector(selectVendorId);
  const { userId } = useParams();
  if (!loggedIn || vendorId === null) return <Navigate to={ROUTES.login} replace />;
  if (userId !== undefined && userId !== vendorId) return <Navigate to={ROUTES.dashboard(vendorId)} replace />;
  return <>{children}</>;
}
