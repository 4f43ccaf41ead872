// The performance chart placeholder under the campaign table: sent, opened and redeemed bars per campaign.
import { CAMPAIGN_TEXT } from '../../constants';

export interface CampaignPerformance {
  id: string;
  title: string;
  sent: number;
  opened: number;
  redeemed: number;
}

const SERIES = ['sent', 'opened', 'redeemed'] as const;

/** Plain HTML bars (no SVG) so labels stay readable at every width from phone to desktop. */
export function CampaignPerformanceChart({ campaigns }: { campaigns: readonly CampaignPerformance[] }) {
  const max = Math.max(1, ...campaigns.map((c) => c.sent));
  return (
    <figure className="sw-performance">
      <figcaption className="sw-performance-head">
        <h3>{CAMPAIGN_TEXT.performanceTitle}</h3>
        <ul className="sw-legend" aria-hidden>
          {SERIES.map((series) => (
            <li key={series}>
              <span className={`sw-legend-swatch sw-bar--${series}`} />
              {CAMPAIGN_TEXT.performanceSeries[series]}
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
                  <dt>{CAMPAIGN_TEXT.performanceSeries[series]}</dt>
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
