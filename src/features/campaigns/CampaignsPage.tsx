// Campaign management: the campaign form with its live preview, and the sample 'Active Campaigns'.
import { RocketOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Col, Form, Row, type FormInstance } from 'antd';
import { CAMPAIGN_TEXT } from '../../constants';
import { PageHeading } from '../../components/PageHeading';
import { SectionCard } from '../../components/SectionCard';
import { VendorPage } from '../../components/VendorPage';
import { ActiveCampaignsTable } from './ActiveCampaignsTable';
import { CampaignForm } from './CampaignForm';
import { CampaignPerformanceChart } from './CampaignPerformance';
import { CampaignPreview } from './CampaignPreview';
import type { CampaignFormValues } from './campaignModel';
import { SAMPLE_CAMPAIGN_PERFORMANCE, SAMPLE_CAMPAIGNS } from './sampleCampaigns';
import { useStoreCurrency } from '../store-settings/useStoreCurrency';
import './campaigns.css';

/** The preview, re-rendered on every change of the form; watching here keeps the rest of the page still. */
function LivePreview({ form, currency }: { form: FormInstance<CampaignFormValues>; currency: string }) {
  const draft = Form.useWatch((values: CampaignFormValues) => values, form) ?? {};
  return <CampaignPreview values={draft} currency={currency} />;
}

export default function CampaignsPage() {
  const [form] = Form.useForm<CampaignFormValues>();
  // The budget is in the store's currency.
  const currency = useStoreCurrency();
  return (
    <VendorPage>
      <PageHeading title={CAMPAIGN_TEXT.heading} subtitle={CAMPAIGN_TEXT.subtitle} />
      <Row gutter={[24, 24]} className="sw-row sw-campaign-row">
        <Col xs={24} lg={14}>
          <SectionCard title={CAMPAIGN_TEXT.formTitle} icon={<RocketOutlined />}>
            <CampaignForm form={form} currency={currency} />
          </SectionCard>
        </Col>
        <Col xs={24} lg={10}>
          <div className="sw-sticky">
            <LivePreview form={form} currency={currency} />
          </div>
        </Col>
      </Row>
      <Row gutter={[24, 24]} className="sw-row">
        <Col span={24}>
          <SectionCard title={CAMPAIGN_TEXT.tableTitle} icon={<UnorderedListOutlined />} sample={CAMPAIGN_TEXT.sampleTooltip}>
            <ActiveCampaignsTable rows={SAMPLE_CAMPAIGNS} />
            <CampaignPerformanceChart campaigns={SAMPLE_CAMPAIGN_PERFORMANCE} />
          </SectionCard>
        </Col>
      </Row>
    </VendorPage>
  );
}
