// Per-item stamp mode: staff choose how many stamps this purchase earns; the next code (fetched at once)
// carries the count, signed by the server, and the codes after it give 1 stamp again.
import { InputNumber } from 'antd';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useGetCounterStampSettingsQuery } from '../../api/rewardsApi';
import { isFetching, qrCode, selectQr, stampCountChosen } from './qrSlice';
import { t } from '../../i18n/texts';

export function StampQuantitySelector({ idPrefix }: { idPrefix: string }) {
  const dispatch = useAppDispatch();
  const qr = useAppSelector(selectQr);
  const vendorId = qr.status === 'closed' ? '' : qr.vendorId;
  // The counter's own read (staff and counter screens may use it), not the manager's full reward settings.
  const { data: settings } = useGetCounterStampSettingsQuery(vendorId, { skip: !vendorId });
  if (!settings || settings.stampMode !== 'per-item') return null;
  const id = `${idPrefix}-stamp-count`;
  const shown = qrCode(qr)?.stampCount ?? 1;
  const chosen = qr.status !== 'closed' && isFetching(qr) ? qr.nextStampCount : shown;
  return (
    <div className="sw-stamp-quantity" data-testid={`${idPrefix}-stamp-quantity`}>
      <label htmlFor={id}>{t('qr.stampQuantity')}</label>
      <InputNumber
        controls={false}
        inputMode="numeric"
        id={id}
        min={1}
        max={settings.maxPerTransaction}
        precision={0}
        value={chosen}
        onChange={(value) => {
          if (value !== null && value >= 1 && value <= settings.maxPerTransaction) dispatch(stampCountChosen(value));
        }}
      />
      <span role="status" className="sw-stamp-quantity__shown">
        {t('qr.codeGives', { n: shown })}
      </span>
    </div>
  );
}
