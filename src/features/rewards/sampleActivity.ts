// The Reward Activity table shows hard-coded sample rows until real redemptions exist.
export interface RewardActivityRow {
  key: string;
  customer: string;
  date: string;
  reward: string;
}

export const SAMPLE_REWARD_ACTIVITY: readonly RewardActivityRow[] = [
  { key: '1', customer: 'Emma Wilson', date: 'Nov 18, 2025', reward: 'Free Latte' },
  { key: '2', customer: 'Liam Chen', date: 'Nov 17, 2025', reward: 'Free Croissant' },
  { key: '3', customer: 'Sofia Martins', date: 'Nov 15, 2025', reward: 'Free Cappuccino' },
  { key: '4', customer: 'Noah Patel', date: 'Nov 12, 2025', reward: 'Free Flat White' },
  { key: '5', customer: 'Ava Johnson', date: 'Nov 10, 2025', reward: 'Free Latte' },
];
