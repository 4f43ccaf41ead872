// QR Code page — its content belongs to the issue that builds it; until then the heading only.
import { Typography } from 'antd';

export default function QrPage() {
  return <Typography.Title level={2}>QR Code</Typography.Title>;
}
