// The performance chart placeholder under the campaign table: sent, opened and redeemed bars per campaign.
import { t } from '../../i18n/texts';

export interface CampaignPerformance {
  id: string;
  title: string;
  sent: number;
  opened: number;
  redeemed: number;
}

const SERIES = ['sent', 'opened', 'redeemed'] as const;
const SERIES_LABEL = {
  sent: () => t('campaigns.performanceSeries.sent'),
  opened: () => t('campaigns.performanceSeries.opened'),
  redeemed: () => t('campaigns.performanceSeries.redeemed'),
} satisfies Record<(typeof SERIES)[number], () => string>;

/** Plain HTML bars (no SVG) so labels stay readable at every width from phone to desktop. */
export function CampaignPerformanceChart({ campaigns }: { campaigns: readonly CampaignPerformance[] }) {
  const max = Math.max(1, ...campaigns.map((c) => c.sent));
  return (
    <figure className="sw-performance">
      <figcaption className="sw-performance-head">
        <h3>{t('campaigns.performanceTitle')}</h3>
        <ul className="sw-legend" aria-hidden>
          {SERIES.map((series) => (
            <li key={series}>
              <span className={`sw-legend-swatch sw-bar--${series}`} />
              {SERIES_LABEL[series]()}
            </li>
          ))}
        </ul>
      </figcaption>
      <div className="sw-performance-grid">
        {campaigns.map((campaign) => (
          <section key={campaign.id} className="sw-performance-campaign" aria-label={campaign.title}>
            <p className="sw-performance-title">{campaign.title}</p>
            <dl>
              {SERIES.map((series) => (
                <div key={series} className="sw-bar-row">
                  <dt>{SERIES_LABEL[series]()}</dt>
                  <dd>
                    <span className="sw-bar-track">
                      <span className={`sw-bar sw-bar--${series}`} style={{ width: `${(campaign[series] / max) * 100}%` }} />
                    </span>
                    <span className="sw-bar-value">{campaign[series].toLocaleString('en-US')}</span>
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </figure>
  );
}
