// The store's offers running now that are meant for this customer (a discount, an exclusive or a
// limited-time offer): title, description, the items it is on, and until when.
import type { CampaignOffer } from '../../api/contract/campaigns';
import { intlLocale, t } from '../../i18n/texts';

export default function OfferList({ offers }: { offers: readonly CampaignOffer[] }) {
  if (offers.length === 0) return null;
  const until = new Intl.DateTimeFormat(intlLocale(), { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
  return (
    <section className="cw-offers" aria-labelledby="cw-offers-heading">
      <h2 id="cw-offers-heading">{t('offers.heading')}</h2>
      <ul>
        {offers.map((offer) => (
          <li key={offer.id} className="cw-offer">
            <strong>{offer.title}</strong>
            <p>{offer.description}</p>
            <p className="cw-muted">{t('offers.items', { items: offer.items.join(', ') })}</p>
            <p className="cw-muted">{t('offers.ends', { date: until.format(new Date(offer.endsAt)) })}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
