// Dashboard: the stamp-card overview — the vendor's own figures once customers collect stamps,
// the sample figures, marked as such, until then.
import { ArrowRightOutlined } from '@ant-design/icons';
import { Col, Row } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { ROUTES } from '../../constants';
import { t } from '../../i18n/texts';
import { PageHeading } from '../../components/PageHeading';
import { VendorPage } from '../../components/VendorPage';
import {
  ActiveCampaignsCard,
  EngagedCustomersCard,
  NoCampaignsCard,
  RecentActivityCard,
  RedemptionActivityCard,
  RewardProgressCard,
  TotalRedemptionsCard,
} from './cards';
import { SAMPLE_ACTIVE_CAMPAIGNS } from './sampleData';
import { DashboardLoading } from './DashboardLoading';
import { OutstandingRewards } from './OutstandingRewards';
import { sampleProgressFor, useDashboardFigures } from './useDashboardFigures';
import { ClaimCounts, CustomersLink } from '../handover/ClaimCounts';
import { FirstDayChecklist } from '../first-day/FirstDayChecklist';
import { SetUpRewardFirst } from '../first-day/SetUpRewardFirst';
import { useGetFirstDayQuery } from '../first-day/firstDayApi';
import { offerText } from '../first-day/offer';
import { useGetRewardQuery } from '../../api/rewardsApi';
import { useRoleAllows } from '../session/roleAccess';
import '../first-day/first-day.css';

const GUTTER: [number, number] = [24, 24];

export default function DashboardPage() {
  const { userId = '' } = useParams();
  const { loading, figures } = useDashboardFigures(userId);
  // Customers and the reward are a manager's; a staff member's dashboard shows the figures only.
  const mayManage = useRoleAllows('customers');
  const { data: firstDay } = useGetFirstDayQuery(userId, { skip: !userId });
  const { data: reward } = useGetRewardQuery(userId, { skip: !userId, refetchOnFocus: true });
  const offer = offerText(reward);
  // Sample figures, but the vendor's own card size once a reward is saved: the reward query is
  // fresher than the dashboard's right after a save, so its size wins; the sample average keeps its 70 %.
  const rewardProgress = figures.sample && reward && offer ? sampleProgressFor(reward.reward.stamps) : figures.rewardProgress;
  if (loading) {
    return (
      <VendorPage>
        <PageHeading title={t('dashboard.heading')} subtitle={t('dashboard.subtitle')} />
        <DashboardLoading label={t('activity.dashboardLoading')} />
      </VendorPage>
    );
  }
  return (
    <VendorPage>
      <PageHeading title={t('dashboard.heading')} subtitle={t('dashboard.subtitle')} />
      {firstDay ? <SetUpRewardFirst vendorId={userId} status={firstDay} /> : null}
      {firstDay ? (
        <Row gutter={GUTTER} className="sw-row">
          <Col xs={24}>
            <FirstDayChecklist vendorId={userId} status={firstDay} />
          </Col>
        </Row>
      ) : null}
      <Row gutter={GUTTER} className="sw-row">
        <Col xs={24} lg={10}>
          <RewardProgressCard
            {...rewardProgress}
            offer={offer ?? undefined}
            sample={figures.sample}
            action={
              <>
                <OutstandingRewards {...figures.outstanding} />
                <ClaimCounts vendorId={userId} />
                {mayManage ? (
                  <div className="sw-card-links">
                    <CustomersLink vendorId={userId} />
                    <Link to={ROUTES.rewards(userId)} className="sw-text-link">
                      {t('dashboard.updateReward')} <ArrowRightOutlined aria-hidden className="sw-arrow-forward" />
                    </Link>
                  </div>
                ) : null}
              </>
            }
          />
        </Col>
        <Col xs={24} lg={14}>
          <RedemptionActivityCard weekly={figures.weekly} daily={figures.daily} sample={figures.sample} />
        </Col>
      </Row>
      <Row gutter={GUTTER} className="sw-row">
        <Col xs={24} md={12} xl={6}>
          <TotalRedemptionsCard {...figures.totalRedemptions} sample={figures.sample} />
        </Col>
        <Col xs={24} md={12} xl={6}>
          {/* The sample campaigns only beside the other samples; a store with stamps of its own sees its own. */}
          {figures.sample ? (
            <ActiveCampaignsCard {...SAMPLE_ACTIVE_CAMPAIGNS} sample />
          ) : figures.activeCampaigns && figures.activeCampaigns.count > 0 ? (
            <ActiveCampaignsCard {...figures.activeCampaigns} />
          ) : (
            <NoCampaignsCard />
          )}
        </Col>
        <Col xs={24} md={12} xl={6}>
          <RecentActivityCard events={figures.recent} sample={figures.sample} />
        </Col>
        <Col xs={24} md={12} xl={6}>
          <EngagedCustomersCard customers={figures.engaged} activityLabel={figures.engagedLabel} sample={figures.sample} />
        </Col>
      </Row>
    </VendorPage>
  );
}
