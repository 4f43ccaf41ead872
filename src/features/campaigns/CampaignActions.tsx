// The buttons of a saved campaign's row: pause or resume, end (asked first), and duplicate into the form.
import { Button, Popconfirm, Space } from 'antd';
import { t } from '../../i18n/texts';
import type { CampaignTableRow } from './ActiveCampaignsTable';
import type { CampaignAction } from './campaignsApi';

interface CampaignActionsProps {
  row: CampaignTableRow;
  busy: boolean;
  onAction: (action: CampaignAction) => void;
  onDuplicate: () => void;
  /** Shows the campaign's results under the table. */
  onResults: () => void;
}

export function CampaignActions({ row, busy, onAction, onDuplicate, onResults }: CampaignActionsProps) {
  const open = row.status !== undefined && row.status !== 'ended';
  return (
    <Space size="small" wrap>
      {open && row.status === 'paused' ? (
        <Button size="small" disabled={busy} onClick={() => onAction('resume')}>
          {t('campaignsLive.actions.resume')}
        </Button>
      ) : null}
      {open && row.status !== 'paused' ? (
        <Button size="small" disabled={busy} onClick={() => onAction('pause')}>
          {t('campaignsLive.actions.pause')}
        </Button>
      ) : null}
      {open ? (
        <Popconfirm title={t('campaignsLive.endConfirm')} onConfirm={() => onAction('end')}>
          <Button size="small" danger disabled={busy}>
            {t('campaignsLive.actions.end')}
          </Button>
        </Popconfirm>
      ) : null}
      {row.status !== 'scheduled' ? (
        <Button size="small" type="link" onClick={onResults}>
          {t('campaigns.results.show')}
        </Button>
      ) : null}
      <Button size="small" type="link" onClick={onDuplicate}>
        {t('campaignsLive.actions.duplicate')}
      </Button>
    </Space>
  );
}
