// Campaigns page — its content belongs to the issue that builds it; until then the heading only.
import { Typography } from 'antd';

export default function CampaignsPage() {
  return <Typography.Title level={2}>Campaigns</Typography.Title>;
}
