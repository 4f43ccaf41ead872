// The owner's counter screens on the QR page: a pairing code for a new one, and the list (name, paired
// by, last seen) with Rename and Remove.
import { useState } from 'react';
import { App, Button, Input, Popconfirm, Space } from 'antd';
import { formatShortDateTime } from '../../../lib/format';
import type { CounterDevice } from '../../../api/contract/counter';
import { useCreatePairingCodeMutation, useListCounterDevicesQuery, useRemoveCounterDeviceMutation, useRenameCounterDeviceMutation } from './counterApi';
import { COUNTER_DEVICE_TEXT } from './texts';
import { useStoreTimeZone } from '../../store-settings/useStoreTimeZone';

export function CounterScreensSection({ vendorId }: { vendorId: string }) {
  const { message } = App.useApp();
  const { data } = useListCounterDevicesQuery(vendorId);
  const [createCode, creating] = useCreatePairingCodeMutation();
  const [pairingCode, setPairingCode] = useState<string | null>(null);

  const add = async () => {
    try {
      setPairingCode((await createCode(vendorId).unwrap()).pairingCode);
    } catch {
      void message.error(COUNTER_DEVICE_TEXT.actionFailed);
    }
  };

  return (
    // A card like the page's other sections (printed flyer, stamp limits): title and intro, then the button and list.
    <section className="sw-flyer-card sw-counter-screens" aria-labelledby="sw-counter-screens-title" data-testid="counter-screens">
      <div className="sw-flyer-card__intro">
        <h2 id="sw-counter-screens-title">{COUNTER_DEVICE_TEXT.listTitle}</h2>
        <p>{COUNTER_DEVICE_TEXT.listIntro}</p>
      </div>
      <Button onClick={() => void add()} loading={creating.isLoading}>
        {COUNTER_DEVICE_TEXT.add}
      </Button>
      {pairingCode ? (
        <p role="status" data-testid="pairing-code">
          {COUNTER_DEVICE_TEXT.codeFor(pairingCode)}
        </p>
      ) : null}
      {(data?.items ?? []).length === 0 ? (
        <p className="sw-counter-screens__none">{COUNTER_DEVICE_TEXT.none}</p>
      ) : (
        <ul className="sw-counter-screens__list">
          {(data?.items ?? []).map((device) => (
            <DeviceRow key={device.id} vendorId={vendorId} device={device} />
          ))}
        </ul>
      )}
    </section>
  );
}

function DeviceRow({ vendorId, device }: { vendorId: string; device: CounterDevice }) {
  const { message } = App.useApp();
  const [rename] = useRenameCounterDeviceMutation();
  const [remove] = useRemoveCounterDeviceMutation();
  const [editing, setEditing] = useState<string | null>(null);
  const timeZone = useStoreTimeZone();
  const run = async (work: () => Promise<unknown>) => {
    try {
      await work();
      setEditing(null);
    } catch {
      void message.error(COUNTER_DEVICE_TEXT.actionFailed);
    }
  };
  const seen = device.lastSeenAt === null ? COUNTER_DEVICE_TEXT.neverSeen : COUNTER_DEVICE_TEXT.lastSeen(formatShortDateTime(device.lastSeenAt, undefined, timeZone));
  return (
    <li data-testid="counter-screen-row" className="sw-counter-screens__row">
      {editing === null ? (
        <div className="sw-counter-screens__name">
          <strong>{device.name}</strong>
          <Space separator="·" className="sw-counter-screens__meta">
            {COUNTER_DEVICE_TEXT.pairedBy(device.pairedBy)}
            {seen}
          </Space>
        </div>
      ) : (
        <Input aria-label={COUNTER_DEVICE_TEXT.rename} value={editing} maxLength={40} onChange={(event) => setEditing(event.target.value)} />
      )}
      <Space size="small">
        {editing === null ? (
          <Button key="rename" size="small" onClick={() => setEditing(device.name)}>
            {COUNTER_DEVICE_TEXT.rename}
          </Button>
        ) : (
          <Button key="save" size="small" type="primary" onClick={() => void run(() => rename({ vendorId, deviceId: device.id, name: editing.trim() }).unwrap())} disabled={!editing.trim()}>
            {COUNTER_DEVICE_TEXT.save}
          </Button>
        )}
        <Popconfirm key="remove" title={COUNTER_DEVICE_TEXT.removeConfirm(device.name)} okText={COUNTER_DEVICE_TEXT.remove} cancelText={COUNTER_DEVICE_TEXT.cancel} onConfirm={() => run(() => remove({ vendorId, deviceId: device.id }).unwrap())}>
          <Button size="small" danger>
            {COUNTER_DEVICE_TEXT.remove}
          </Button>
        </Popconfirm>
      </Space>
    </li>
  );
}
