// The counter screen's offers: the store's discount, exclusive and limited-time campaigns running now,
// so staff see what a customer may ask for (looked at again every few minutes: campaigns start and end).
import { useAppSelector } from '../../../app/hooks';
import { intlLocale, t } from '../../../i18n/texts';
import { useCampaignOffersQuery } from '../../campaigns/campaignsApi';
import { selectQr } from '../qrSlice';

const OFFERS_REFRESH_MS = 5 * 60 * 1000;

export function CounterOffers() {
  const qr = useAppSelector(selectQr);
  const vendorId = qr.status === 'closed' ? '' : qr.vendorId;
  const { data } = useCampaignOffersQuery(vendorId, { skip: !vendorId, pollingInterval: OFFERS_REFRESH_MS });
  const offers = data?.offers ?? [];
  if (offers.length === 0) return null;
  const until = new Intl.DateTimeFormat(intlLocale(), { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
  return (
    <section className="sw-counter__offers" aria-label={t('campaigns.counter.offersTitle')} data-testid="counter-offers">
      <h2>{t('campaigns.counter.offersTitle')}</h2>
      <ul>
        {offers.map((offer) => (
          <li key={offer.id}>
            <strong>{offer.title}</strong> {offer.description}{' '}
            <span className="sw-counter__offer-meta">
              {t('campaigns.counter.items', { items: offer.items.join(', ') })} · {t('campaigns.counter.ends', { date: until.format(new Date(offer.endsAt)) })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
