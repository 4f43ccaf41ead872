// A signed-in owner who opens `/` or a mistyped path goes to their dashboard instead of the sign-in form;
// signed-out visitors see what the page would show them (the sign-in screen).
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { ROUTES } from '../constants';
import { useAppSelector } from './hooks';
import { selectIsLoggedIn, selectVendorId } from '../features/session/sessionSlice';

export function SignedInGoesToDashboard({ children }: { children: ReactNode }) {
  const loggedIn = useAppSelector((state) => selectIsLoggedIn(state));
  const vendorId = useAppSelector(selectVendorId);
  if (loggedIn && vendorId !== null) return <Navigate to={ROUTES.dashboard(vendorId)} replace />;
  return <>{children}</>;
}
