// What the API says about counter screens (one place, so the texts move into the catalogue easily).
export const COUNTER_TEXT = {
  pairingCodeInvalid: 'This pairing code is not valid or has expired. Ask for a new one in Counter screens.',
  deviceRevoked: 'This counter screen was removed from the store. Pair it again to use it.',
  deviceNotFound: 'No such counter screen.',
  tooManyDevices: (max: number) => `A store can pair at most ${max} counter screens. Remove one first.`,
} as const;
