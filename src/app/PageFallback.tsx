// Shown while a code-split page downloads.
import { Spin } from 'antd';

export function PageFallback() {
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }}>
      <Spin size="large" />
    </div>
  );
}
