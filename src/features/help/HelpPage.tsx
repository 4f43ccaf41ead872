// Help &amp; Resources page — its content belongs to the issue that builds it; until then the heading only.
import { Typography } from 'antd';

export default function HelpPage() {
  return <Typography.Title level={2}>Help &amp; Resources</Typography.Title>;
}
