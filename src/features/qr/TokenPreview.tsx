// The link the QR code holds: where it goes and the first 12 characters of its token, with a button that
// copies the whole link (what staff paste into a message), on plain http too; a clipboard failure is silently ignored.
import { useState } from 'react';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { QR_SIZES } from '../../constants';
import { t } from '../../i18n/texts';

export function tokenPreview(token: string): string {
  return token.slice(0, QR_SIZES.tokenPreviewChars);
}

/** "stampwise.test/s/" for "http://stampwise.test/s/<token>": the part of the link before the token. */
export function linkBase(url: string, token: string): string {
  const withoutScheme = url.replace(/^https?:\/\//i, '');
  const at = withoutScheme.lastIndexOf(token);
  return at >= 0 ? withoutScheme.slice(0, at) : '';
}

/** Copies `value` the way pages did before the Clipboard API (it works on plain http); false when refused. */
function copyBySelection(value: string): boolean {
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const field = document.createElement('textarea');
  field.value = value;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.appendChild(field);
  field.select();
  try {
    // Deprecated, yet the only copy a page on an insecure origin has.
    return document.execCommand('copy');
  } finally {
    field.remove();
    focused?.focus();
  }
}

export function TokenPreview({ token, url }: { token: string | null; url: string | null }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!url) return;
    try {
      // Browsers give the Clipboard API to secure origins only; a shop PC served over plain http on the LAN has none.
      if (navigator.clipboard) await navigator.clipboard.writeText(url);
      else if (!copyBySelection(url)) return;
      setCopied(true);
    } catch {
      // Silently ignored (e.g. clipboard permission denied): the link is still on screen.
    }
  };
  return (
    <div className="sw-token">
      <span className="sw-token__label">{t('qr.tokenLabel')}</span>
      {/* A link reads left to right in every language: in Arabic the "…" after the code went to its left. */}
      <span className="sw-token__link" dir="ltr">
        {token && url ? <span className="sw-token__base">{linkBase(url, token)}</span> : null}
        <code className="sw-token__value" data-testid="token-preview">
          {token ? `${tokenPreview(token)}…` : '—'}
        </code>
      </span>
      <Tooltip title={copied ? t('qr.copied') : t('qr.copy')} onOpenChange={(open) => !open && setCopied(false)}>
        <Button type="text" size="small" icon={copied ? <CheckOutlined aria-hidden /> : <CopyOutlined aria-hidden />} aria-label={t('qr.copy')} disabled={!url} onClick={() => void copy()} />
      </Tooltip>
    </div>
  );
}
