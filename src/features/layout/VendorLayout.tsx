// The frame of every vendor page: the top navigation bar above the page content.
import type { ReactNode } from 'react';
import { Layout } from 'antd';

export function VendorLayout({ children }: { children: ReactNode }) {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Content style={{ padding: 24 }}>{children}</Layout.Content>
    </Layout>
  );
}
