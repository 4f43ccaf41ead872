// "Get offers from {store} as notifications": a switch on the card page. On: asks for permission,
// subscribes this browser and tells the server; off: the server forgets it (and the browser drops its
// subscription when no other store uses it). Loaded lazily, only where the browser supports push.
import { useEffect, useState } from 'react';
import { t } from '../../i18n/texts';
import { isSubscribed, PushBlockedError, subscribe, unsubscribe } from './webPushBrowser';
import './webPush.css';

type Problem = 'blocked' | 'failed' | null;

export default function WebPushSwitch({ cardId, company }: { cardId: string; company: string }) {
  const [on, setOn] = useState(false);
  const [busy, setBusy] = useState(true);
  const [problem, setProblem] = useState<Problem>(null);

  useEffect(() => {
    let current = true;
    isSubscribed(cardId)
      .then((subscribed) => current && setOn(subscribed))
      .catch(() => undefined)
      .finally(() => current && setBusy(false));
    return () => {
      current = false;
    };
  }, [cardId]);

  const onChange = async (wanted: boolean) => {
    setBusy(true);
    setProblem(null);
    try {
      if (wanted) await subscribe(cardId);
      else await unsubscribe(cardId);
      setOn(wanted);
    } catch (error) {
      setProblem(error instanceof PushBlockedError ? 'blocked' : 'failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="cw-push">
      <label className="cw-push-switch">
        <input type="checkbox" role="switch" checked={on} aria-checked={on} disabled={busy} onChange={(event) => void onChange(event.target.checked)} />
        <span>{t('webPush.switch.label', { store: company })}</span>
      </label>
      {problem ? (
        <p role="alert" className="cw-muted">
          {problem === 'blocked' ? t('webPush.blocked', { store: company }) : t('webPush.failed')}
        </p>
      ) : null}
    </div>
  );
}
