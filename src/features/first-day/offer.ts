// The reward in words ("Buy 10 Flat White, get 1 free"), from the saved setup and the menu it names.
import type { RewardResponse } from '../../api/contract/rewards';
import { isUnsavedReward } from '../rewards/rewardForm';
import { t } from '../../i18n/texts';

/** null when no reward is saved: there is no offer to show yet. */
export function offerText(response: RewardResponse | undefined): string | null {
  if (!response || isUnsavedReward(response.reward)) return null;
  const { reward, items } = response;
  const item = reward.item !== null ? items.find((candidate) => candidate._id === reward.item)?.name : reward.itemCustom;
  return t('firstDay.offer', { stamps: reward.stamps, item: item?.trim() || t('rewards.previewAnyItem') });
}
