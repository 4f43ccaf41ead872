// Verifying... page — its content belongs to the issue that builds it; until then the heading only.
import { Typography } from 'antd';

export default function VerifyPage() {
  return <Typography.Title level={2}>Verifying...</Typography.Title>;
}
