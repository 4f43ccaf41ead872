// "Set up your reward first": shown on the Dashboard and the QR Code page while the store has no
// reward customers can earn (none saved, or its expiry date passed), with the way to the Rewards page.
import { GiftOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router-dom';
import type { FirstDayStatus } from '../../api/contract/rewards';
import { ROUTES } from '../../constants';
import { t } from '../../i18n/texts';
import { formatDay } from '../../lib/format';

export function rewardProblem(status: FirstDayStatus): string {
  return status.rewardSaved && status.rewardExpiry
    ? t('firstDay.rewardEnded', { date: formatDay(dayjs(status.rewardExpiry).valueOf()) })
    : t('firstDay.noRewardYet');
}

export function SetUpRewardFirst({ vendorId, status }: { vendorId: string; status: FirstDayStatus }) {
  const navigate = useNavigate();
  if (status.rewardUsable) return null;
  return (
    <Alert
      className="sw-set-up-reward"
      type="warning"
      showIcon
      icon={<GiftOutlined aria-hidden />}
      data-testid="set-up-reward-first"
      title={t('firstDay.setUpRewardFirst')}
      description={rewardProblem(status)}
      action={
        <Button type="primary" onClick={() => navigate(ROUTES.rewards(vendorId))}>
          {t('firstDay.setUpReward')}
        </Button>
      }
    />
  );
}
