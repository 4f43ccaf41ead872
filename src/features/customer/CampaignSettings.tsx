// The customer's say over campaign messages: the card page's per-store switch (on unless turned off) and
// the profile form's campaign e-mail box (off unless ticked). Each saves as soon as it is changed.
import { useEffect, useState } from 'react';
import { t } from '../../i18n/texts';
import { customerClient, isCustomerApiError, type CustomerApiError } from './api/client';
import { errorText } from './customerErrors';
import { Notice } from './Notice';

/** A setting read from the server and saved on every change; the box shows the saved state. */
function useSavedToggle(load: () => Promise<boolean>, save: (value: boolean) => Promise<boolean>) {
  const [value, setValue] = useState<boolean | undefined>(undefined);
  const [error, setError] = useState<CustomerApiError | undefined>(undefined);
  const fail = (failure: unknown) => setError(isCustomerApiError(failure) ? failure : { status: 'FETCH_ERROR', error: String(failure) });
  const [busy, setBusy] = useState(false);
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    let live = true;
    // A setting that cannot be read is not offered (an older server, no connection): the page works without it.
    load().then((loaded) => live && setValue(loaded), () => live && setUnavailable(true));
    return () => {
      live = false;
    };
    // Loaded once per page: `load` names the same setting for the page's whole life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const change = (next: boolean) => {
    setBusy(true);
    setError(undefined);
    save(next).then(setValue, fail).finally(() => setBusy(false));
  };
  return { value, error, busy, change, unavailable };
}

export function CampaignMessagesSwitch({ cardId, company }: { cardId: string; company: string }) {
  const setting = useSavedToggle(
    async () => (await customerClient.getCampaignMessages(cardId)).enabled,
    async (enabled) => (await customerClient.setCampaignMessages(cardId, enabled)).enabled,
  );
  if (setting.unavailable) return null;
  return (
    <section className="cw-setting">
      <label className="cw-check">
        <input
          type="checkbox"
          role="switch"
          name="campaignMessages"
          checked={setting.value ?? false}
          disabled={setting.value === undefined || setting.busy}
          onChange={(event) => setting.change(event.target.checked)}
        />
        <span>{t('campaignOptOut.switch')}</span>
      </label>
      <p className="cw-muted">{t('campaignOptOut.switchHelp', { store: company })}</p>
      {setting.error ? <Notice tone="error">{errorText(setting.error)}</Notice> : null}
    </section>
  );
}

export function CampaignMailOptIn() {
  const setting = useSavedToggle(
    async () => (await customerClient.getCampaignMail()).optIn,
    async (optIn) => (await customerClient.setCampaignMail(optIn)).optIn,
  );
  if (setting.unavailable) return null;
  return (
    <div className="cw-setting">
      <label className="cw-check">
        <input
          type="checkbox"
          name="campaignMail"
          checked={setting.value ?? false}
          disabled={setting.value === undefined || setting.busy}
          onChange={(event) => setting.change(event.target.checked)}
        />
        <span>{t('campaignOptOut.mailOptIn')}</span>
      </label>
      <p className="cw-muted">{t('campaignOptOut.mailOptInHelp')}</p>
      {setting.error ? <Notice tone="error">{errorText(setting.error)}</Notice> : null}
    </div>
  );
}
