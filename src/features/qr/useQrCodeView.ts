// What the QR page and the counter screen show of the cycle besides the countdown: the code, whether a
// fetch is running, and whether the code is covered. It changes with each new code and once when a code
// stops stamping, not with the bar's 0.6 s steps (re-rendering the whole page, antd buttons, QR image and
// live feed, at each step costs a second of blocking time on a loaded machine).
import { shallowEqual } from 'react-redux';
import { useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { useDeadlinePassed } from '../../lib/clock';
import { isFetching, qrCode, selectQr } from './qrSlice';

function selectQrView(state: RootState) {
  const qr = selectQr(state);
  const code = qrCode(qr);
  return {
    url: code?.url ?? null,
    token: code?.token ?? null,
    validUntil: code?.validUntil ?? null,
    fetching: isFetching(qr),
    /** The connection is down and no code came yet. */
    noCode: (qr.status === 'retrying' || qr.status === 'offline') && code === null,
  };
}

export function useQrCodeView() {
  const view = useAppSelector(selectQrView, shallowEqual);
  // Covered when the code no longer stamps, as codeHealth's 'dead': at its deadline, or when there is none.
  const expired = useDeadlinePassed(view.validUntil) || view.noCode;
  return { url: view.url, token: view.token, fetching: view.fetching, expired };
}
