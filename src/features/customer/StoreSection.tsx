// The store section under a customer's card: what the owner wrote about the store (cover, address,
// opening hours, website, menu). Its own chunk, loaded after the card shows, and its own request, so
// the stamp never waits for it; nothing shows until it has arrived (or if it fails).
import { StoreDetails } from '../../components/StoreDetails';
import { t } from '../../i18n/texts';
import { CUSTOMER_TEXT } from './texts';
import { useGetCardStoreQuery } from './api/hooks';

export default function StoreSection({ cardId }: { cardId: string }) {
  const { data } = useGetCardStoreQuery(cardId);
  if (!data) return null;
  return (
    <section className="cw-store-section" aria-label={CUSTOMER_TEXT.aboutStore(data.company)}>
      <StoreDetails
        store={data}
        logoNamedElsewhere
        texts={{
          unnamedStore: t('storeDetails.unnamedStore'),
          addressLabel: t('storeDetails.addressLabel'),
          hoursLabel: t('storeDetails.hoursLabel'),
          menuHeading: t('storeDetails.menuHeading'),
          emptyMenu: t('storeDetails.emptyMenu'),
          logoAlt: (company) => t('storeDetails.logoAlt', { company }),
        }}
      />
    </section>
  );
}
