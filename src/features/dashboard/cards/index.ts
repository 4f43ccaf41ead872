// The dashboard's presentational cards: figures come in as props, so live data can replace the samples.
export { RewardProgressCard, type RewardProgressCardProps } from './RewardProgressCard';
export { RedemptionActivityCard, type RedemptionActivityCardProps } from './RedemptionActivityCard';
export { TotalRedemptionsCard, type TotalRedemptionsCardProps } from './TotalRedemptionsCard';
export { ActiveCampaignsCard, NoCampaignsCard, type ActiveCampaignsCardProps, type RunningCampaign } from './ActiveCampaignsCard';
export { RecentActivityCard, type RewardEvent, type RewardEventKind } from './RecentActivityCard';
export { EngagedCustomersCard, type EngagedCustomer } from './EngagedCustomersCard';
