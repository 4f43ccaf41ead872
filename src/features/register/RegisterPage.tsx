// Create your account page — its content belongs to the issue that builds it; until then the heading only.
import { Typography } from 'antd';

export default function RegisterPage() {
  return <Typography.Title level={2}>Create your account</Typography.Title>;
}
