// /api/counter (a counter screen pairs and reads what it shows) and /api/team/{vendorId}/devices (the
// owner's list of counter screens).
import { Type, type Static } from '@fastify/type-provider-typebox';
import { Id } from './common';
import { Text } from './text';
import { DEVICE_NAME_MAX_LENGTH } from './limits';

const DeviceName = Text({ minLength: 1, maxLength: DEVICE_NAME_MAX_LENGTH, description: 'What the store calls the screen, e.g. "Till 1"' });

/** POST /api/team/{vendorId}/devices → the code to type on the counter screen (10 minutes, one use). */
export const PairingCodeResponse = Type.Object({
  pairingCode: Type.String({ description: '8 characters; case, spaces and dashes do not matter' }),
  expiresAt: Type.Integer({ description: 'epoch milliseconds' }),
});
export type PairingCodeResponse = Static<typeof PairingCodeResponse>;

/** POST /api/counter/pair */
export const PairDeviceRequest = Type.Object({
  pairingCode: Type.String({ minLength: 1, maxLength: 32 }),
  name: DeviceName,
}, { additionalProperties: false });
export type PairDeviceRequest = Static<typeof PairDeviceRequest>;

export const PairDeviceResponse = Type.Object({
  deviceToken: Type.String({ description: 'Send as `Authorization: Bearer …` from the counter screen' }),
  vendorId: Type.String(),
  deviceId: Type.String(),
  name: Type.String(),
  keyNumber: Type.Integer({ description: 'The key id the codes this screen signs carry (1–63)' }),
  deviceKey: Type.String({ description: "base64url HMAC-SHA256 key: the screen signs its own codes with it while it cannot reach the server" }),
  scanUrlPrefix: Type.String({ description: 'PUBLIC_URL/S/ as a QR image encodes it: append a code' }),
});
export type PairDeviceResponse = Static<typeof PairDeviceResponse>;

/** GET /api/counter/me (device token): the store the screen shows counter mode for. */
export const CounterDeviceResponse = Type.Object({
  vendorId: Type.String(),
  deviceId: Type.String(),
  name: Type.String(),
  company: Type.String(),
  logo: Type.Union([Type.String(), Type.Null()]),
  timeZone: Type.Union([Type.String(), Type.Null()], { description: "the store's IANA time zone, in which the screen shows times; null: the screen's own" }),
});
export type CounterDeviceResponse = Static<typeof CounterDeviceResponse>;

export const CounterDevice = Type.Object({
  id: Type.String(),
  name: Type.String(),
  pairedBy: Type.String(),
  pairedAt: Type.Integer(),
  lastSeenAt: Type.Union([Type.Integer(), Type.Null()]),
});
export type CounterDevice = Static<typeof CounterDevice>;

export const CounterDeviceList = Type.Object({ items: Type.Array(CounterDevice) });
export type CounterDeviceList = Static<typeof CounterDeviceList>;

export const DeviceParams = Type.Object({ vendorId: Id, deviceId: Id });
export const RenameDeviceRequest = Type.Object({ name: DeviceName }, { additionalProperties: false });
export type RenameDeviceRequest = Static<typeof RenameDeviceRequest>;
