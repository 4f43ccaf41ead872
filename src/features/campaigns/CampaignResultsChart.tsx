// A real campaign's performance: return visits per day (per 100 customers of each half, so halves of
// different sizes compare), drawn as the same plain HTML bars as the sample chart, and the result sentence.
import { Alert, Spin } from 'antd';
import dayjs from 'dayjs';
import type { CampaignDay, CampaignResults } from '../../api/contract/campaigns';
import { serverErrorMessage } from '../../api/errorMessage';
import { intlLocale, t } from '../../i18n/texts';
import { useCampaignResultsQuery } from './campaignsApi';

const PER_HUNDRED = 100;

/** Visits on a day per 100 customers of a half (0 for an empty half). */
const perHundred = (visits: number, customers: number) => (customers === 0 ? 0 : (visits * PER_HUNDRED) / customers);

/** "+12", "−3", "0": the A/B result in whole visits, a before-and-after one (per day: smaller) to one decimal. */
function formatVisits(value: number, mode: CampaignResults['mode'], signed: boolean): string {
  return new Intl.NumberFormat(intlLocale(), { maximumFractionDigits: mode === 'ab' ? 0 : 1, signDisplay: signed ? 'exceptZero' : 'auto' }).format(value);
}

/** The result in one sentence, and what it compares. */
export function resultSentence(results: CampaignResults): { effect: string; meaning: string } {
  const { effect, mode } = results;
  if (!effect) return { effect: t('campaigns.results.tooEarly', { minimum: results.minimumGroup }), meaning: '' };
  const values = { estimate: formatVisits(effect.estimate, mode, true), low: formatVisits(effect.low, mode, false), high: formatVisits(effect.high, mode, false) };
  return mode === 'ab'
    ? { effect: t('campaigns.results.abEffect', values), meaning: t('campaigns.results.abMeaning') }
    : { effect: t('campaigns.results.beforeAfterEffect', values), meaning: t('campaigns.results.beforeAfterMeaning') };
}

interface Series {
  key: 'messaged' | 'heldOut';
  label: string;
  value: (day: CampaignDay) => number;
}

export function CampaignResultsView({ title, results }: { title: string; results: CampaignResults }) {
  const series: Series[] =
    results.mode === 'ab'
      ? [
          { key: 'messaged', label: t('campaigns.results.messaged'), value: (day) => perHundred(day.messaged, results.messaged) },
          { key: 'heldOut', label: t('campaigns.results.heldOut'), value: (day) => perHundred(day.heldOut ?? 0, results.heldOut) },
        ]
      : [{ key: 'messaged', label: t('campaigns.results.audience'), value: (day) => perHundred(day.messaged, results.messaged) }];
  const max = Math.max(1, ...results.days.flatMap((day) => series.map((s) => s.value(day))));
  const sentence = resultSentence(results);
  return (
    <figure className="sw-performance sw-results" aria-label={t('campaigns.results.title', { title })}>
      <figcaption className="sw-performance-head">
        <h3>{t('campaigns.results.title', { title })}</h3>
        <ul className="sw-legend" aria-hidden>
          {series.map((s) => (
            <li key={s.key}>
              <span className={`sw-legend-swatch sw-bar--${s.key}`} />
              {s.label}
            </li>
          ))}
        </ul>
      </figcaption>
      <p className="sw-results-effect" data-testid="campaign-result">
        <strong>{sentence.effect}</strong> {sentence.meaning}
      </p>
      {results.mode === 'before-after' && results.baselinePerDay !== undefined ? (
        <p className="sw-results-baseline">{t('campaigns.results.baseline', { visits: formatVisits(perHundred(results.baselinePerDay, results.messaged), 'before-after', false) })}</p>
      ) : null}
      {results.days.length === 0 ? <p>{t('campaigns.results.noDays')}</p> : null}
      <div className="sw-performance-grid">
        {results.days.map((day) => (
          // The store's date, not the browser's: a store in another time zone has its days cut elsewhere.
          <section key={day.at} className="sw-performance-campaign" aria-label={dayjs(day.date).format('D MMM')}>
            <p className="sw-performance-title">{dayjs(day.date).format('D MMM')}</p>
            <dl>
              {series.map((s) => (
                <div key={s.key} className="sw-bar-row">
                  <dt>{s.label}</dt>
                  <dd>
                    <span className="sw-bar-track">
                      <span className={`sw-bar sw-bar--${s.key}`} style={{ width: `${(s.value(day) / max) * 100}%` }} />
                    </span>
                    <span className="sw-bar-value">{formatVisits(s.value(day), 'before-after', false)}</span>
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

/** The chosen campaign's results, loaded from the server. */
export function CampaignResultsPanel({ vendorId, campaignId, title }: { vendorId: string; campaignId: string; title: string }) {
  const results = useCampaignResultsQuery({ vendorId, campaignId });
  if (results.isError) return <Alert type="error" showIcon title={t('campaigns.results.loadFailed', { reason: serverErrorMessage(results.error, '') })} />;
  if (!results.data) return <Spin />;
  return <CampaignResultsView title={title} results={results.data} />;
}
