// Sample customer-API answers for the customer page tests.
import type { ClaimResponse, CustomerCard, ScanResponse } from '../../../../src/api/contract/customer';

export const STORE = { vendorId: 'vendor-1', company: 'Bean There Café', logo: '/api/images/abc', currency: 'USD' };
export const REWARD = { text: 'Buy 10 Flat White, get 1 free', label: 'Flat White', stamps: 10, expiry: '2026-12-31', ended: false };

export function sampleCard(overrides: Partial<CustomerCard> = {}): CustomerCard {
  return {
    id: 'card-1',
    store: STORE,
    reward: REWARD,
    stamps: 1,
    required: 10,
    canClaim: false,
    lastStampAt: 1_700_000_000_000,
    updatedAt: 1_700_000_000_000,
    ...overrides,
  };
}

export function sampleScan(overrides: Partial<ScanResponse> = {}): ScanResponse {
  return {
    message: 'Stamp collected! 9 more for your free Flat White',
    store: STORE,
    reward: REWARD,
    card: sampleCard(),
    stampedAt: 1_700_000_000_000,
    ...overrides,
  };
}

export function sampleClaim(claimedAt: number, card: CustomerCard): ClaimResponse {
  return {
    redemption: {
      id: 'red-1', cardId: card.id, store: STORE, rewardLabel: 'Flat White', stampsRequired: card.required, claimedAt,
      status: 'pending', code: 'K7MQ4', expiresAt: claimedAt + 30 * 60 * 1000, givenAt: null,
    },
    card,
  };
}

export const CREDENTIAL = 'c'.repeat(43);
