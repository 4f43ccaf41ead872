// The protection rule of the vendor pages: no valid session → /login; another vendor's id, or a page the
// person's role may not use → their own dashboard, which then says why.
import { useEffect, useReducer, type ReactNode } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { ROUTES } from '../constants';
import { decodeToken } from '../lib/token';
import { useAppDispatch, useAppSelector } from './hooks';
import { selectIsLoggedIn, selectRole, selectToken, selectVendorId, sessionExpired } from '../features/session/sessionSlice';
import { roleAllows, type AppPart, type RoleRefusalState } from '../features/session/roleAccess';

/** setTimeout's ceiling (~24.8 days); a longer wait fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Re-renders when the token's exp passes, so a page left open does not outlive its session. */
function useRecheckAtExpiry(token: string | null): void {
  const [, recheck] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const exp = decodeToken(token)?.exp;
    if (exp === undefined) return;
    const wait = exp * 1000 - Date.now();
    if (wait <= 0 || wait > MAX_TIMER_MS) return;
    const timer = setTimeout(recheck, wait + 1);
    return () => clearTimeout(timer);
  }, [token]);
}

/** To /login; a token that has passed its exp is ended first, so the sign-in screen says the session expired. */
function ToSignIn({ expired }: { expired: boolean }) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (expired) dispatch(sessionExpired());
  }, [expired, dispatch]);
  return <Navigate to={ROUTES.login} replace />;
}

/** `part`: the part of the app the page is; a role that may not use it goes to its dashboard. */
export function RequireVendor({ children, part }: { children: ReactNode; part?: AppPart }) {
  const token = useAppSelector(selectToken);
  const role = useAppSelector(selectRole);
  const loggedIn = useAppSelector((state) => selectIsLoggedIn(state));
  const vendorId = useAppSelector(selectVendorId);
  const { userId } = useParams();
  useRecheckAtExpiry(token);
  if (!loggedIn || vendorId === null) {
    const exp = decodeToken(token)?.exp;
    return <ToSignIn expired={exp !== undefined && exp * 1000 <= Date.now()} />;
  }
  if (userId !== undefined && userId !== vendorId) return <Navigate to={ROUTES.dashboard(vendorId)} replace />;
  // The dashboard says why (RoleRefusalNotice): a page typed or bookmarked never just turns into another.
  if (part !== undefined && !roleAllows(role, part)) return <Navigate to={ROUTES.dashboard(vendorId)} replace state={{ refusedPart: part } satisfies RoleRefusalState} />;
  return <>{children}</>;
}
