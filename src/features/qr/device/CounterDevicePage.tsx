// /counter: the counter PC or tablet. Unpaired, it asks for the pairing code and a name ("Till 1");
// paired, it shows counter mode for the store with no password — the rotating code (signed by the screen
// itself while the server is out of reach), the live feed and hand-over, nothing else.
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useVendorLiveConnection } from '../../activity/useVendorLiveConnection';
import { CounterScreen } from '../counter/CounterScreen';
import { pageClosed, pageOpened } from '../qrSlice';
import { counterHidden, counterShown, devicePaired, selectCounterDevice, type PairedCounterDevice } from './counterDeviceSlice';
import { useGetCounterStoreQuery, usePairCounterDeviceMutation } from './counterApi';
import { COUNTER_DEVICE_TEXT } from './texts';
import { StoreTimeZoneContext } from '../../store-settings/useStoreTimeZone';
import '../../../components/vendor-pages.css';

export default function CounterDevicePage() {
  const device = useAppSelector(selectCounterDevice);
  if (device.status === 'paired') return <PairedCounter device={device.device} />;
  return <PairingForm removed={device.removed} />;
}

function PairedCounter({ device }: { device: PairedCounterDevice }) {
  const dispatch = useAppDispatch();
  const onScreen = useAppSelector((state) => state.counterDevice.status === 'paired' && state.counterDevice.onScreen);
  useEffect(() => {
    // Requests carry the device token from here on, and the QR cycle may sign codes itself.
    dispatch(counterShown());
    return () => {
      dispatch(counterHidden());
    };
  }, [dispatch, device.deviceToken]);
  useEffect(() => {
    if (!onScreen) return;
    dispatch(pageOpened({ vendorId: device.vendorId }));
    return () => {
      dispatch(pageClosed());
    };
  }, [dispatch, onScreen, device.vendorId]);
  useVendorLiveConnection(onScreen ? device.vendorId : null);
  const { data: store } = useGetCounterStoreQuery(device.deviceToken, { skip: !onScreen });
  if (!onScreen) return null;
  // In the vendor pages' frame (.sw-page: the feed's rows, the colours such as --sw-border), as counter mode is in the
  // vendor app: without it the feed showed as a bulleted list and the hand-over field had no border.
  return (
    <div className="sw-page">
      <StoreTimeZoneContext.Provider value={store?.timeZone ?? null}>
        <CounterScreen company={store?.company ?? device.name} logo={store?.logo ?? null} offer={null} />
      </StoreTimeZoneContext.Provider>
    </div>
  );
}

function PairingForm({ removed }: { removed: boolean }) {
  const dispatch = useAppDispatch();
  const [pair, state] = usePairCounterDeviceMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [pairingCode, setPairingCode] = useState('');
  const [name, setName] = useState('');

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    setFailure(null);
    try {
      dispatch(devicePaired(await pair({ pairingCode: pairingCode.trim(), name: name.trim() }).unwrap()));
    } catch (error) {
      const data = (error as { data?: { error?: unknown } }).data;
      setFailure(typeof data?.error === 'string' ? data.error : COUNTER_DEVICE_TEXT.pairFailed);
    }
  };

  return (
    <main className="sw-counter-pairing" style={{ maxWidth: 440, margin: '10vh auto', padding: 16 }}>
      <Card>
        <Typography.Title level={1} style={{ fontSize: 24 }}>
          {COUNTER_DEVICE_TEXT.pairTitle}
        </Typography.Title>
        <Typography.Paragraph>{COUNTER_DEVICE_TEXT.pairIntro}</Typography.Paragraph>
        {removed ? <Alert type="warning" showIcon title={COUNTER_DEVICE_TEXT.removed} style={{ marginBottom: 16 }} /> : null}
        {failure ? <Alert type="error" showIcon title={failure} role="alert" style={{ marginBottom: 16 }} /> : null}
        <Form layout="vertical" onFinish={() => void submit()}>
          <Form.Item label={COUNTER_DEVICE_TEXT.pairingCode} htmlFor="sw-pairing-code" required>
            <Input id="sw-pairing-code" value={pairingCode} onChange={(event) => setPairingCode(event.target.value)} autoComplete="off" maxLength={32} />
          </Form.Item>
          <Form.Item label={COUNTER_DEVICE_TEXT.screenName} htmlFor="sw-screen-name" required>
            <Input id="sw-screen-name" value={name} placeholder={COUNTER_DEVICE_TEXT.screenNamePlaceholder} onChange={(event) => setName(event.target.value)} maxLength={40} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={state.isLoading} disabled={!pairingCode.trim() || !name.trim()}>
            {state.isLoading ? COUNTER_DEVICE_TEXT.pairing : COUNTER_DEVICE_TEXT.pair}
          </Button>
        </Form>
      </Card>
    </main>
  );
}
