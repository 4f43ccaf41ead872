// Issue 19: the dashboard's outstanding rewards by status — waiting at the counter, handed over, expired —
// from the dashboard answer (its cache reloads whenever the live feed reports a claim or hand-over).
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { TeamOutlined } from '@ant-design/icons';
import { useAppDispatch } from '../../app/hooks';
import { HANDOVER_TEXT, ROUTES } from '../../constants';
import { feedClosed, feedOpened } from '../activity/activityFeedSlice';
import { useGetDashboardQuery } from '../activity/activityApi';
import './handover.css';

export function ClaimCounts({ vendorId }: { vendorId: string }) {
  const { data } = useGetDashboardQuery(vendorId, { skip: !vendorId });
  if (!data?.claims) return null;
  const { pending, given, expired } = data.claims;
  return (
    <p className="sw-claim-counts" data-testid="claim-counts">
      <span className="sw-visually-hidden">{HANDOVER_TEXT.claimsLabel}: </span>
      {HANDOVER_TEXT.claims(pending, given, expired)}
    </p>
  );
}

export function CustomersLink({ vendorId }: { vendorId: string }) {
  return (
    <Link to={ROUTES.customers(vendorId)} className="sw-text-link">
      <TeamOutlined aria-hidden /> {HANDOVER_TEXT.customersLink}
    </Link>
  );
}

/**
 * Keeps the dashboard live: the store's activity stream is opened while the dashboard is shown, and each
 * line it brings (a claim, a hand-over, an expiry) reloads the dashboard's figures.
 */
export function useLiveDashboard(vendorId: string): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!vendorId) return undefined;
    dispatch(feedOpened({ vendorId }));
    return () => {
      dispatch(feedClosed());
    };
  }, [dispatch, vendorId]);
}
