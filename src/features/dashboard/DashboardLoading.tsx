// Placeholder cards in the dashboard's layout while its figures load (no sample figures flash by).
import { Card, Col, Row, Skeleton } from 'antd';

const GUTTER: [number, number] = [24, 24];

export function DashboardLoading({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} aria-busy>
      <Row gutter={GUTTER} className="sw-row">
        <Col xs={24} lg={10}>
          <Card className="sw-card"><Skeleton active paragraph={{ rows: 5 }} /></Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card className="sw-card"><Skeleton active paragraph={{ rows: 5 }} /></Card>
        </Col>
      </Row>
      <Row gutter={GUTTER} className="sw-row">
        {[0, 1, 2, 3].map((i) => (
          <Col key={i} xs={24} md={12} xl={6}>
            <Card className="sw-card"><Skeleton active paragraph={{ rows: 3 }} /></Card>
          </Col>
        ))}
      </Row>
    </div>
  );
}
