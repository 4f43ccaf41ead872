// What a customer's card shows about its store: the owner's public profile (cover, address, opening
// hours, website) and menu, for a card in the customer's own wallet only.
import type { StoreDetailsResponse } from '../../src/api/contract/customer';
import type { AppDeps } from '../deps';
import { findCard } from '../repositories/cards';
import { listMenuItems } from '../repositories/menu-items';
import { findVendorProfile } from '../repositories/vendor-profile';
import { cardNotInWallet } from './claims';
import { imageUrl } from './images';
import { shownPriceCents } from './menu/item-input';

export async function getCardStoreDetails(deps: Pick<AppDeps, 'db'>, customerId: string, cardId: string): Promise<StoreDetailsResponse> {
  const card = await findCard(deps.db.kysely, customerId, cardId);
  if (!card) throw cardNotInWallet();
  const [profile, items] = await Promise.all([findVendorProfile(deps.db.kysely, card.vendor_id), listMenuItems(deps.db.kysely, card.vendor_id)]);
  if (!profile) throw cardNotInWallet();
  return {
    company: profile.company,
    logo: imageUrl(profile.logo_image_id),
    cover: imageUrl(profile.banner_image_id),
    address: profile.address,
    openHours: profile.open_hours,
    website: profile.website || null,
    currency: profile.currency,
    menu: items.map((item) => {
      const cents = shownPriceCents(item.price_cents);
      return { name: item.name, price: cents === null ? null : cents / 100 };
    }),
  };
}
