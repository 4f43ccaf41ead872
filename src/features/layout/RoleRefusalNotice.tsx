// Why a page typed or bookmarked by someone whose role may not use it opened as the dashboard instead
// (RequireVendor puts the refused part in the redirect's history state). Without it the address simply
// turned into the dashboard, which read as a broken link.
import { Alert } from 'antd';
import { useLocation } from 'react-router-dom';
import { t } from '../../i18n/texts';
import type { RoleRefusalState } from '../session/roleAccess';

function refusedPart(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const part = (state as Partial<RoleRefusalState>).refusedPart;
  return typeof part === 'string' ? part : null;
}

export function RoleRefusalNotice() {
  const part = refusedPart(useLocation().state);
  if (!part) return null;
  return <Alert className="sw-role-refused" type="info" showIcon role="status" title={t('nav.roleRefused', { part })} />;
}
