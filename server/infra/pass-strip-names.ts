// The public file name of a pass's stamps strip, for wallets that fetch images by URL (Google Wallet):
// `<stamps>-<goal>-<mac>.png`. The MAC (HMAC-SHA-256 under the server secret, 128 bits) makes names
// unguessable, so the public route draws only strips this server handed out (nobody can have it render
// any count or size they like), while the same drawing keeps the same name: Google fetches it once and
// caches it, and fetches again only when the name changes because the strip would look different.
import crypto from 'node:crypto';

export interface StripDrawing {
  stamps: number;
  goal: number;
  /** CSS hex colours: part of what is signed, so a change of colours is a new name. */
  background: string;
  stamp: string;
}

const NAME = /^(\d{1,3})-(\d{1,3})-([0-9a-f]{32})\.png$/;

function macOf(secret: string, drawing: StripDrawing): string {
  return crypto
    .createHmac('sha256', secret)
    .update(`pass-strip:${drawing.stamps}:${drawing.goal}:${drawing.background}:${drawing.stamp}`)
    .digest('hex')
    .slice(0, 32);
}

export function passStripName(secret: string, drawing: StripDrawing): string {
  return `${drawing.stamps}-${drawing.goal}-${macOf(secret, drawing)}.png`;
}

/** The count and goal a name was made for, in the given colours; undefined for a name this server did not make. */
export function verifyPassStripName(secret: string, name: string, colours: Pick<StripDrawing, 'background' | 'stamp'>): StripDrawing | undefined {
  const match = NAME.exec(name);
  if (!match) return undefined;
  const drawing = { stamps: Number(match[1]), goal: Number(match[2]), ...colours };
  const expected = Buffer.from(macOf(secret, drawing), 'hex');
  const given = Buffer.from(match[3]!, 'hex');
  return crypto.timingSafeEqual(expected, given) ? drawing : undefined;
}
