// Signs an Apple Wallet storeCard (.pkpass) from what the domain decided to show. The pass carries no
// credential of the customer: only an authentication token for Apple's pass web service, which can
// fetch this pass's updates and nothing else.
import type { ApplePassConfig } from '../config';

export interface PassField {
  key: string;
  label: string;
  value: string;
  /** Shown on the lock screen when an updated pass changes this field ('%@' is the new value). */
  changeMessage?: string;
}

export interface ApplePassView {
  serialNumber: string;
  authenticationToken: string;
  /** PUBLIC_URL + /api/passes/apple. */
  webServiceURL: string;
  organizationName: string;
  description: string;
  logoText: string;
  /** rgb(r, g, b), as Apple wants it. */
  backgroundColor: string;
  foregroundColor: string;
  labelColor: string;
  /** "7 of 10" or "Reward ready". */
  primary: PassField;
  secondary: PassField[];
  back: PassField[];
  /** PNG files; icon.png is required by Wallet. */
  images: { icon: Buffer; logo?: Buffer; strip: Buffer };
  /**
   * The pass's words in each language (`<language>.lproj/pass.strings`): each maps a text of pass.json, as
   * written there, to its translation. Wallet shows the one of the phone's language, else pass.json's own.
   */
  localizations: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** The lock screen's line when the primary field changes ('%@' is the new value). */
  changeMessage: string;
}

export const PKPASS_MIME_TYPE = 'application/vnd.apple.pkpass';

/** A text as a .strings file quotes it (the library writes `"key" = "value";` as given). */
function stringsLiteral(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/**
 * passkit-generator (with joi and node-forge) loads when the first pass is signed, not with the server: most
 * processes that import this module (every API test file, a server without Apple Wallet) never sign one.
 */
export async function buildApplePass(config: ApplePassConfig, view: ApplePassView): Promise<Buffer> {
  const { PKPass } = await import('passkit-generator');
  const passJson = {
    formatVersion: 1,
    passTypeIdentifier: config.passTypeId,
    teamIdentifier: config.teamId,
    serialNumber: view.serialNumber,
    authenticationToken: view.authenticationToken,
    webServiceURL: view.webServiceURL,
    organizationName: view.organizationName,
    description: view.description,
    logoText: view.logoText,
    backgroundColor: view.backgroundColor,
    foregroundColor: view.foregroundColor,
    labelColor: view.labelColor,
    // The lock screen says what changed when the pushed pass differs in the primary field.
    storeCard: {
      primaryFields: [{ ...view.primary, changeMessage: view.changeMessage }],
      secondaryFields: view.secondary,
      backFields: view.back,
    },
  };
  const files: Record<string, Buffer> = {
    'pass.json': Buffer.from(JSON.stringify(passJson)),
    'icon.png': view.images.icon,
    'icon@2x.png': view.images.icon,
    'strip.png': view.images.strip,
    'strip@2x.png': view.images.strip,
  };
  if (view.images.logo) {
    files['logo.png'] = view.images.logo;
    files['logo@2x.png'] = view.images.logo;
  }
  const pass = new PKPass(files, {
    wwdr: config.wwdrCert,
    signerCert: config.signerCert,
    signerKey: config.signerKey,
    ...(config.signerKeyPassphrase ? { signerKeyPassphrase: config.signerKeyPassphrase } : {}),
  });
  for (const [language, strings] of Object.entries(view.localizations)) {
    pass.localize(language, Object.fromEntries(Object.entries(strings).map(([english, translated]) => [stringsLiteral(english), stringsLiteral(translated)])));
  }
  return pass.getAsBuffer();
}
