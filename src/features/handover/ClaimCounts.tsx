// The dashboard's outstanding rewards by status — waiting at the counter, handed over, expired —
// from the dashboard answer (its cache reloads whenever the vendor's live connection reports a claim or hand-over).
import { Link } from 'react-router-dom';
import { TeamOutlined } from '@ant-design/icons';
import { ROUTES } from '../../constants';
import { t } from '../../i18n/texts';
import { useGetDashboardQuery } from '../activity/activityApi';
import './handover.css';

export function ClaimCounts({ vendorId }: { vendorId: string }) {
  const { data } = useGetDashboardQuery(vendorId, { skip: !vendorId });
  if (!data?.claims) return null;
  const { pending, given, expired } = data.claims;
  return (
    <p className="sw-claim-counts" data-testid="claim-counts">
      <span className="sw-visually-hidden">{t('handover.claimsLabel')} </span>
      {t('handover.claims', { pending, given, expired })}
    </p>
  );
}

export function CustomersLink({ vendorId }: { vendorId: string }) {
  return (
    <Link to={ROUTES.customers(vendorId)} className="sw-text-link">
      <TeamOutlined aria-hidden /> {t('handover.customersLink')}
    </Link>
  );
}

