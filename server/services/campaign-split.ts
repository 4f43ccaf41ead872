import { createHash } from 'node:crypto';
// A stable random half: the same customer is always on the same side of one campaign, and sides differ between campaigns.
export function isHeldOut(campaignId: string, customerId: string): boolean {
  return (createHash('sha256').update(`${campaignId}:${customerId}`).digest()[0] & 1) === 1;
}
