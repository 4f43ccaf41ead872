// The first 12 characters of the current token, with a copy button (a clipboard failure is silently ignored).
import { useState } from 'react';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { QR_SIZES, QR_TEXT } from '../../constants';

export function tokenPreview(token: string): string {
  return token.slice(0, QR_SIZES.tokenPreviewChars);
}

export function TokenPreview({ token }: { token: string | null }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!token) return;
    try {
      await navigator.clipboard.writeText(token);
      setCopied(true);
    } catch {
      // Silently ignored (e.g. clipboard permission denied).
    }
  };
  return (
    <div className="sw-token">
      <span className="sw-token__label">{QR_TEXT.tokenLabel}</span>
      <code className="sw-token__value" data-testid="token-preview">
        {token ? `${tokenPreview(token)}…` : '—'}
      </code>
      <Tooltip title={copied ? QR_TEXT.copied : QR_TEXT.copy} onOpenChange={(open) => !open && setCopied(false)}>
        <Button type="text" size="small" icon={copied ? <CheckOutlined /> : <CopyOutlined />} aria-label={QR_TEXT.copy} disabled={!token} onClick={() => void copy()} />
      </Tooltip>
    </div>
  );
}
