// Dashboard page — its content belongs to the issue that builds it; until then the heading only.
import { Typography } from 'antd';

export default function DashboardPage() {
  return <Typography.Title level={2}>Dashboard</Typography.Title>;
}
