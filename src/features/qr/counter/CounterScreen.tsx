// Counter mode: the QR page as the café's counter screen. Full screen (Fullscreen API) with the
// store's logo and name, the offer in words, the largest QR the screen allows, the countdown (or the truth
// about a lost connection), the live feed, a short flash (and an opt-in chime) when a stamp or claim lands,
// and a screen wake lock. Esc (or the Leave button) returns to the page.
import { StampQuantitySelector } from '../StampQuantitySelector';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { CloseOutlined, SoundOutlined } from '@ant-design/icons';
import { useAppSelector } from '../../../app/hooks';
import { ActivityFeedView } from '../LiveActivityFeed';
import { selectActivityFeed } from '../../activity/activityFeedSlice';
import { QrCodeDisplay } from '../QrCodeDisplay';
import { QrCountdown } from '../QrCountdown';
import { useQrCodeView } from '../useQrCodeView';
import { playChime } from './chime';
import { CounterOffers } from './CounterOffers';
import { counterQrSize, useBoxSize } from './useBoxSize';
import { useScreenWakeLock } from './useScreenWakeLock';
import './counter.css';
import { t } from '../../../i18n/texts';

const CHIME_STORAGE_KEY = 'stampwise.counterChime';

export interface CounterScreenProps {
  company: string;
  logo: string | null;
  offer: string | null;
  /** Leaving counter mode (Esc, the Leave button); a paired counter screen has nowhere to leave to. */
  onLeave?: () => void;
}

export function CounterScreen({ company, logo, offer, onLeave }: CounterScreenProps) {
  const qr = useQrCodeView();
  const [qrBoxRef, qrBox] = useBoxSize<HTMLDivElement>();
  const [chime, setChime] = useState(() => readChimeChoice());
  const landed = useLandedItem();
  useScreenWakeLock(true);
  useLeaveOnEscape(onLeave ?? null);
  const dialogRef = useRef<HTMLDivElement>(null);
  useFocusKeptInside(dialogRef);

  // Read through a ref: switching the chime on must not sound for a stamp that landed before.
  const chimeOn = useRef(chime);
  chimeOn.current = chime;
  const landedId = landed?.id ?? null;
  useEffect(() => {
    if (landedId !== null && chimeOn.current) playChime();
  }, [landedId]);

  const toggleChime = (on: boolean) => {
    setChime(on);
    try {
      localStorage.setItem(CHIME_STORAGE_KEY, on ? '1' : '0');
    } catch {
      // Storage blocked: the choice lasts this session only.
    }
  };

  return (
    <div ref={dialogRef} tabIndex={-1} className="sw-counter" role="dialog" aria-modal="true" aria-label={t('qr.counterLabel')} data-testid="counter-screen">
      {landed ? (
        // Keyed by the line: each new stamp replays the CSS flash (no timer needed to end it).
        <div key={landed.id} className={`sw-counter__flash sw-counter__flash--${landed.type}`} data-testid="counter-flash" aria-hidden>
          {landed.type === 'redemption' ? t('qr.claimLanded') : t('qr.stampLanded')}
        </div>
      ) : null}
      <header className="sw-counter__brand">
        {logo ? <img className="sw-counter__logo" src={logo} alt={t('qr.flyerLogoAlt', { company })} /> : null}
        <div className="sw-counter__names">
          <h1 className="sw-counter__company">{company}</h1>
          {offer ? (
            <p className="sw-counter__offer" data-testid="counter-offer">
              {offer}
            </p>
          ) : null}
        </div>
      </header>
      <p className="sw-counter__scan">{t('qr.counterScan')}</p>
      <CounterOffers />
      <StampQuantitySelector idPrefix="sw-counter" />
      <div className="sw-counter__qr" ref={qrBoxRef}>
        <QrCodeDisplay url={qr.url} expired={qr.expired} fixedSize={counterQrSize(qrBox)} />
      </div>
      <div className="sw-counter__status">
        <QrCountdown />
      </div>
      <aside className="sw-counter__feed">
        <ActivityFeedView idPrefix="sw-counter-feed" testId="counter-feed" screen="counter" />
        <div className="sw-counter__controls">
          <label className="sw-counter__chime">
            <input type="checkbox" checked={chime} onChange={(event) => toggleChime(event.target.checked)} />
            <SoundOutlined aria-hidden /> {t('qr.chime')}
          </label>
          {onLeave ? (
            <button type="button" className="sw-counter__leave" onClick={onLeave}>
              <CloseOutlined aria-hidden /> {t('qr.counterLeave')}
            </button>
          ) : null}
        </div>
      </aside>
    </div>
  );
}

function readChimeChoice(): boolean {
  try {
    return localStorage.getItem(CHIME_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

/** Lines this much older than the counter screen are history (today's backfill), not a stamp landing now. */
const LANDED_SLACK_MS = 60_000;

/** The newest feed line that arrived while the counter screen is open: lines from before it never flash. */
function useLandedItem() {
  const { items } = useAppSelector(selectActivityFeed);
  const newest = items[0] ?? null;
  const [opened] = useState(() => ({ at: Date.now(), newestId: newest?.id ?? null }));
  if (!newest || newest.id === opened.newestId || newest.date < opened.at - LANDED_SLACK_MS) return null;
  return newest;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The counter screen covers the page without removing it: focus moves into the screen when it opens, Tab and
 * Shift+Tab go round its own controls (never to a hidden button of the page behind), and focus returns to what
 * opened it (the Counter mode button) when it closes.
 */
function useFocusKeptInside(ref: RefObject<HTMLDivElement | null>): void {
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.focus({ preventScroll: true });
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const focusable = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      const active = document.activeElement;
      const inside = active instanceof Node && active !== dialog && dialog.contains(active);
      if (!first || !last) {
        event.preventDefault();
      } else if (event.shiftKey && (!inside || active === first)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inside || active === last)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [ref]);
}

/** Esc leaves: the browser ends full screen on Esc itself (fullscreenchange), and without full screen the key does. */
function useLeaveOnEscape(onLeave: (() => void) | null): void {
  const leave = useRef(onLeave);
  leave.current = onLeave;
  const enabled = onLeave !== null;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') leave.current?.();
    };
    const onFullscreenChange = () => {
      if (!document.fullscreenElement) leave.current?.();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('fullscreenchange', onFullscreenChange);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('fullscreenchange', onFullscreenChange);
    };
  }, [enabled]);
}
