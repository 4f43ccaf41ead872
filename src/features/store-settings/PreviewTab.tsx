// Preview tab: the store section customers see under their stamp card (the same component), with the
// unsaved edits of the Setup tab, in a phone-sized frame.
import type { MenuItemDto } from '../../api/contract/vendor';
import { StoreDetails } from '../../components/StoreDetails';
import type { ProfileDraft } from './profileDraft';
import { t } from '../../i18n/texts';

export interface PreviewTabProps {
  profile: ProfileDraft;
  logoUrl: string | null;
  coverUrl: string | null;
  items: readonly MenuItemDto[];
}

export function PreviewTab({ profile, logoUrl, coverUrl, items }: PreviewTabProps) {
  const company = profile.company.trim() || t('storePreview.unnamedStore');
  return (
    <div className="sw-preview">
      <span className="sw-store-muted sw-preview__caption">{t('storePreview.caption')}</span>
      <article className="sw-phone" aria-label={t('storePreview.phoneLabel', { company })}>
        <StoreDetails
          headingLevel={3}
          texts={{
            unnamedStore: t('storePreview.unnamedStore'),
            addressLabel: t('storePreview.addressLabel'),
            hoursLabel: t('storePreview.hoursLabel'),
            menuHeading: t('storePreview.menuHeading'),
            emptyMenu: t('storePreview.emptyMenu'),
            logoAlt: (name) => t('storePreview.logoAlt', { company: name }),
          }}
          store={{
            company,
            logo: logoUrl,
            cover: coverUrl,
            address: profile.address,
            openHours: profile.open_hours,
            website: profile.website,
            currency: profile.currency,
            menu: items.map((item) => ({ name: item.name, price: item.price === '' ? null : item.price })),
          }}
        />
      </article>
    </div>
  );
}
