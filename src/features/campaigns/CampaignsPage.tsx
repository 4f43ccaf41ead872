// Campaign management: the campaign form with its live preview and the audience it reaches, and the
// store's campaigns (SPEC's sample rows, marked, while it has none) with pause, resume, end and duplicate.
import { RocketOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Alert, App, Col, Form, Row, type FormInstance } from 'antd';
import { useCallback, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { CampaignRow } from '../../api/contract/campaigns';
import { serverErrorMessage } from '../../api/errorMessage';
import { PageHeading } from '../../components/PageHeading';
import { SectionCard } from '../../components/SectionCard';
import { VendorPage } from '../../components/VendorPage';
import { t } from '../../i18n/texts';
import { ActiveCampaignsTable, type CampaignTableRow } from './ActiveCampaignsTable';
import { CampaignActions } from './CampaignActions';
import { CampaignForm } from './CampaignForm';
import { CampaignPerformanceChart } from './CampaignPerformance';
import { CampaignResultsPanel } from './CampaignResultsChart';
import { CampaignPreview } from './CampaignPreview';
import { campaignFormValuesOf, type Campaign, type CampaignFormValues } from './campaignModel';
import { useCampaignAudienceQuery, useChangeCampaignMutation, useLaunchCampaignMutation, useListCampaignsQuery, type CampaignAction } from './campaignsApi';
import { SAMPLE_CAMPAIGN_PERFORMANCE, SAMPLE_CAMPAIGNS } from './sampleCampaigns';
import { useStoreCurrency } from '../store-settings/useStoreCurrency';
import { formatMoney } from '../../lib/money';
import './campaigns.css';

/** The preview, re-rendered on every change of the form; watching here keeps the rest of the page still. */
function LivePreview({ form, currency }: { form: FormInstance<CampaignFormValues>; currency: string }) {
  const draft = Form.useWatch((values: CampaignFormValues) => values, form) ?? {};
  return <CampaignPreview values={draft} currency={currency} />;
}

function tableRowOf(campaign: CampaignRow, currency: string): CampaignTableRow {
  const budgetNote =
    campaign.budgetSpent !== undefined && campaign.budgetLeft !== undefined
      ? t('campaigns.budgetSpent', { spent: formatMoney(campaign.budgetSpent, currency), left: formatMoney(campaign.budgetLeft, currency) })
      : undefined;
  return {
    budgetNote,
    id: campaign.id,
    title: campaign.campaignTitle,
    audience: campaign.targetAudience,
    start: campaign.startDateTime,
    end: campaign.endDateTime,
    type: campaign.promotionType,
    notifications: campaign.notifications,
    delivery: campaign.delivery,
    status: campaign.status,
  };
}

const CAMPAIGN_TABLE_REFRESH_MS = 30_000;

export default function CampaignsPage() {
  const { userId = '' } = useParams();
  const [form] = Form.useForm<CampaignFormValues>();
  // The budget is in the store's currency.
  const currency = useStoreCurrency();
  const { message } = App.useApp();
  // Messages go out and bonus stamps are spent after the table was first read: it is read again on every visit to
  // the page and every half minute while it is open, so "sent" and the budget left follow.
  const campaigns = useListCampaignsQuery(userId, { skip: !userId, refetchOnMountOrArgChange: true, pollingInterval: CAMPAIGN_TABLE_REFRESH_MS });
  const audience = useCampaignAudienceQuery(userId, { skip: !userId });
  const [launchCampaign] = useLaunchCampaignMutation();
  const [changeCampaign, change] = useChangeCampaignMutation();
  // The campaign whose results show under the table (picked with its Results button).
  const [shownResults, setShownResults] = useState<string | null>(null);

  // The same function across renders, so the memoised form is not drawn again when only the list changes.
  const launch = useCallback(
    async (campaign: Campaign): Promise<boolean> => {
      try {
        await launchCampaign({ vendorId: userId, campaign }).unwrap();
        return true;
      } catch (error) {
        void message.error(t('campaignsLive.notSaved', { reason: serverErrorMessage(error, t('campaigns.launched')) }));
        return false;
      }
    },
    [launchCampaign, userId, message],
  );

  const act = async (campaignId: string, action: CampaignAction) => {
    try {
      await changeCampaign({ vendorId: userId, campaignId, action }).unwrap();
    } catch (error) {
      void message.error(t('campaignsLive.actionFailed', { reason: serverErrorMessage(error, '') }));
    }
  };

  const saved = campaigns.data?.campaigns ?? [];
  const duplicate = (row: CampaignTableRow) => {
    const campaign = saved.find((c) => c.id === row.id);
    if (!campaign) return;
    form.setFieldsValue(campaignFormValuesOf(campaign));
    form.scrollToField('campaignTitle', { behavior: 'smooth', block: 'center' });
    void message.info(t('campaignsLive.duplicated', { title: campaign.campaignTitle }));
  };

  const showSamples = campaigns.isSuccess && saved.length === 0;
  const shownCampaign = saved.find((campaign) => campaign.id === shownResults);

  return (
    <VendorPage>
      <PageHeading title={t('campaigns.heading')} subtitle={t('campaigns.subtitle')} />
      <Row gutter={[24, 24]} className="sw-row sw-campaign-row">
        <Col xs={24} lg={14}>
          <SectionCard title={t('campaigns.formTitle')} icon={<RocketOutlined aria-hidden />}>
            <CampaignForm form={form} currency={currency} onLaunch={launch} audience={audience.data} />
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
          <SectionCard title={t('campaigns.tableTitle')} icon={<UnorderedListOutlined aria-hidden />} sample={showSamples ? t('campaigns.sampleTooltip') : undefined}>
            {campaigns.isError ? <Alert type="error" showIcon title={t('campaignsLive.loadFailed', { reason: serverErrorMessage(campaigns.error, '') })} /> : null}
            {showSamples ? (
              <>
                <p className="sw-sample-note">{t('campaignsLive.samplesNote')}</p>
                <ActiveCampaignsTable rows={SAMPLE_CAMPAIGNS} />
                <CampaignPerformanceChart campaigns={SAMPLE_CAMPAIGN_PERFORMANCE} />
              </>
            ) : (
              <>
                <ActiveCampaignsTable
                  rows={saved.map((campaign) => tableRowOf(campaign, currency))}
                  renderActions={(row) => (
                    <CampaignActions
                      row={row}
                      busy={change.isLoading}
                      onAction={(action) => void act(row.id, action)}
                      onDuplicate={() => duplicate(row)}
                      onResults={() => setShownResults(row.id)}
                    />
                  )}
                />
                {shownCampaign ? <CampaignResultsPanel key={shownCampaign.id} vendorId={userId} campaignId={shownCampaign.id} title={shownCampaign.campaignTitle} /> : null}
              </>
            )}
          </SectionCard>
        </Col>
      </Row>
    </VendorPage>
  );
}
