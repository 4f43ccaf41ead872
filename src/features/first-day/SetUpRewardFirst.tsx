// "Set up your reward first": shown on the Dashboard and the QR Code page while the store has no
// reward customers can earn (none saved, or its expiry date passed), with the way to the Rewards page.
import { GiftOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router-dom';
import type { FirstDayStatus } from '../../api/contract/rewards';
import { FIRST_DAY_TEXT, ROUTES } from '../../constants';

export function rewardProblem(status: FirstDayStatus): string {
  return status.rewardSaved && status.rewardExpiry
    ? FIRST_DAY_TEXT.rewardEnded(dayjs(status.rewardExpiry).format('D MMM YYYY'))
    : FIRST_DAY_TEXT.noRewardYet;
}

export function SetUpRewardFirst({ vendorId, status }: { vendorId: string; status: FirstDayStatus }) {
  const navigate = useNavigate();
  if (status.rewardUsable) return null;
  return (
    <Alert
      className="sw-set-up-reward"
      type="warning"
      showIcon
      icon={<GiftOutlined />}
      data-testid="set-up-reward-first"
      title={FIRST_DAY_TEXT.setUpRewardFirst}
      description={rewardProblem(status)}
      action={
        <Button type="primary" onClick={() => navigate(ROUTES.rewards(vendorId))}>
          {FIRST_DAY_TEXT.setUpReward}
        </Button>
      }
    />
  );
}
