// Reward setup and management: the Punch Card Setup form, its Live Preview and the Reward Activity table.
import { useEffect } from 'react';
import { SettingOutlined } from '@ant-design/icons';
import { Col, Form, Row } from 'antd';
import { useParams } from 'react-router-dom';
import { PageHeading } from '../../components/PageHeading';
import { SectionCard } from '../../components/SectionCard';
import { VendorPage } from '../../components/VendorPage';
import { useGetVendorQuery } from '../store-settings/vendorApi';
import { LivePreview } from './LivePreview';
import { PunchCardSetupForm } from './PunchCardSetupForm';
import { RewardActivityTable } from './RewardActivityTable';
import { toFormValues, type RewardFormValues } from './rewardForm';
import { useGetRewardQuery } from '../../api/rewardsApi';
import type { CardsByStamps } from '../../api/contract/rewards';
import './rewards.css';
import { t } from '../../i18n/texts';

const GUTTER: [number, number] = [24, 24];

export default function RewardsPage() {
  const { userId = '' } = useParams();
  const { data, error, isLoading } = useGetRewardQuery(userId);

  useEffect(() => {
    // A failed load is only logged; the form then starts from the defaults.
    if (error) console.error('Failed to load reward data', error);
  }, [error]);

  return (
    <VendorPage>
      <PageHeading title={t('rewards.heading')} subtitle={t('rewards.subtitle')} />
      {isLoading ? (
        <Row gutter={GUTTER} className="sw-row">
          <Col xs={24}>
            <SectionCard title={t('rewards.setupTitle')} icon={<SettingOutlined aria-hidden />}>
              <p className="sw-loading" role="status">
                {t('rewards.loading')}
              </p>
            </SectionCard>
          </Col>
        </Row>
      ) : (
        <RewardSetup key={userId} vendorId={userId} initialValues={toFormValues(data)} items={data?.items ?? []} cardsByStamps={data?.cardsByStamps} />
      )}
      <Row gutter={GUTTER} className="sw-row">
        <Col xs={24}>
          <RewardActivityTable vendorId={userId} />
        </Col>
      </Row>
    </VendorPage>
  );
}

interface RewardSetupProps {
  vendorId: string;
  initialValues: RewardFormValues;
  items: { _id: string; name: string }[];
  cardsByStamps?: CardsByStamps;
}

/** Mounted once the setup has loaded, so the form starts from the saved values (antd reads initialValues once: refetches never reset edits). */
function RewardSetup({ vendorId, initialValues, items, cardsByStamps }: RewardSetupProps) {
  const [form] = Form.useForm<RewardFormValues>();
  const { data: vendor } = useGetVendorQuery(vendorId);
  return (
    <Row gutter={GUTTER} className="sw-row">
      <Col xs={24} lg={14}>
        <PunchCardSetupForm vendorId={vendorId} form={form} initialValues={initialValues} items={items} cardsByStamps={cardsByStamps} />
      </Col>
      <Col xs={24} lg={10}>
        <LivePreview form={form} items={items} storeName={vendor?.vendor.company} />
      </Col>
    </Row>
  );
}
