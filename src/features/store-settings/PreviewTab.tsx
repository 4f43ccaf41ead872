// Preview tab: the store as a customer sees it in the mobile app — cover, logo, details and the menu.
import { ClockCircleOutlined, EnvironmentOutlined, GlobalOutlined, ShopOutlined } from '@ant-design/icons';
import type { MenuItemDto } from '../../api/contract/vendor';
import { STORE_PREVIEW } from '../../constants';
import { formatPrice } from './price';
import { websiteHref, type ProfileDraft } from './profileDraft';

export interface PreviewTabProps {
  profile: ProfileDraft;
  logoUrl: string | null;
  coverUrl: string | null;
  items: readonly MenuItemDto[];
}

export function PreviewTab({ profile, logoUrl, coverUrl, items }: PreviewTabProps) {
  const company = profile.company.trim() || STORE_PREVIEW.unnamedStore;
  const href = websiteHref(profile.website);
  return (
    <div className="sw-preview">
      <span className="sw-store-muted sw-preview__caption">{STORE_PREVIEW.caption}</span>
      <article className="sw-phone" aria-label={`${company} store preview`}>
        <div className="sw-phone__cover">{coverUrl && <img src={coverUrl} alt="" />}</div>
        <div className="sw-phone__logo">{logoUrl ? <img src={logoUrl} alt={`${company} logo`} /> : <ShopOutlined aria-hidden />}</div>
        <div className="sw-phone__body">
          <h3 className="sw-phone__name">{company}</h3>
          <ul className="sw-phone__facts">
            {profile.address.trim() && (
              <li>
                <EnvironmentOutlined aria-hidden /> <span>{profile.address}</span>
              </li>
            )}
            {profile.open_hours.trim() && (
              <li>
                <ClockCircleOutlined aria-label={STORE_PREVIEW.hoursLabel} /> <span>{profile.open_hours}</span>
              </li>
            )}
            {href && (
              <li>
                <GlobalOutlined aria-hidden />{' '}
                <a href={href} target="_blank" rel="noopener noreferrer">
                  {profile.website.trim()}
                </a>
              </li>
            )}
          </ul>
          <h4 className="sw-phone__menu-heading" id="sw-phone-menu-heading">
            {STORE_PREVIEW.menuHeading}
          </h4>
          {items.length === 0 ? (
            <p className="sw-phone__empty">{STORE_PREVIEW.emptyMenu}</p>
          ) : (
            // The list scrolls, so a keyboard must be able to reach and scroll it (axe
            // scrollable-region-focusable): focusable, named by the heading above.
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling list a keyboard cannot focus cannot be scrolled without a mouse
            <ul className="sw-phone__menu" tabIndex={0} aria-labelledby="sw-phone-menu-heading">
              {items.map((item) => (
                <li key={item._id}>
                  <span className="sw-phone__item-name">{item.name}</span>
                  <span className="sw-phone__leader" aria-hidden />
                  <span className="sw-phone__item-price">{formatPrice(item.price)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </article>
    </div>
  );
}
