// The stamps strip of a card's wallet pass, the same drawing for Apple (inside the .pkpass) and Google
// (fetched by Google from a public URL: the object's hero image).
import type { AppDeps } from '../deps';
import { passStripName, verifyPassStripName } from '../infra/pass-strip-names';
import { stampStrip, type StripStyle } from '../infra/pass-strip';

/** The passes' colours: a dark coffee background, white stamps. */
export const PASS_STYLE: StripStyle = { background: '#3b2a20', stamp: '#ffffff' };

export const PASS_STRIPS_PATH = '/api/images/pass-strips';

/** The strip of a card at `stamps` of `goal` (a full card shows every stamp filled). */
export function passStrip(stamps: number, goal: number): Promise<Buffer> {
  return stampStrip(Math.min(stamps, goal), goal, PASS_STYLE);
}

/** The strip's public URL: the same for the same drawing, unguessable for any other. */
export function passStripUrl(deps: Pick<AppDeps, 'secret' | 'config'>, stamps: number, goal: number): string {
  return `${deps.config.publicUrl}${PASS_STRIPS_PATH}/${passStripName(deps.secret, { stamps: Math.min(stamps, goal), goal, ...PASS_STYLE })}`;
}

/** The PNG a public strip URL names; undefined for a name this server did not hand out. */
export async function passStripByName(deps: Pick<AppDeps, 'secret'>, name: string): Promise<Buffer | undefined> {
  const drawing = verifyPassStripName(deps.secret, name, PASS_STYLE);
  return drawing ? passStrip(drawing.stamps, drawing.goal) : undefined;
}
