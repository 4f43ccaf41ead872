// Signs an Apple Wallet storeCard (.pkpass) from what the domain decided to show. The pass carries no
// credential of the customer: only an authentication token for Apple's pass web service, which can
// fetch this pass's updates and nothing else.
//
// A pass is pass.json, its PNGs, manifest.json (each file's SHA-1), the manifest's signature, stored in a
// ZIP. Only pass.json differs from one pass to the next of the same store and count: the images' SHA-1 and
// CRC-32 are remembered per image buffer, so callers that keep their image buffers (services/apple-pass.ts
// does) pay for hashing them once.
import crypto from 'node:crypto';
import type { ApplePassConfig } from '../config';
import { manifestSignerFor } from './pkpass-signature';
import { crc32Of, storedZip, type ZipEntry } from './zip-store';

export interface PassField {
  key: string;
  label: string;
  value: string;
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
}

export const PKPASS_MIME_TYPE = 'application/vnd.apple.pkpass';

interface FileDigests {
  sha1: string;
  crc32: number;
}

const imageDigests = new WeakMap<Buffer, FileDigests>();

function digestsOf(data: Buffer): FileDigests {
  return { sha1: crypto.createHash('sha1').update(data).digest('hex'), crc32: crc32Of(data) };
}

/** An image's digests, computed once per buffer for as long as someone keeps the buffer. */
function imageDigestsOf(image: Buffer): FileDigests {
  let digests = imageDigests.get(image);
  if (!digests) {
    digests = digestsOf(image);
    imageDigests.set(image, digests);
  }
  return digests;
}

export function buildApplePass(config: ApplePassConfig, view: ApplePassView): Buffer {
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
      primaryFields: [{ ...view.primary, changeMessage: 'Stamp collected: %@' }],
      secondaryFields: view.secondary,
      backFields: view.back,
    },
  };
  const images: [string, Buffer][] = [
    ['icon.png', view.images.icon],
    ['icon@2x.png', view.images.icon],
    ['strip.png', view.images.strip],
    ['strip@2x.png', view.images.strip],
  ];
  if (view.images.logo) images.push(['logo.png', view.images.logo], ['logo@2x.png', view.images.logo]);
  const passData = Buffer.from(JSON.stringify(passJson));
  const files: { name: string; data: Buffer; digests: FileDigests }[] = [
    { name: 'pass.json', data: passData, digests: digestsOf(passData) },
    ...images.map(([name, data]) => ({ name, data, digests: imageDigestsOf(data) })),
  ];
  const manifest = Buffer.from(JSON.stringify(Object.fromEntries(files.map((file) => [file.name, file.digests.sha1]))));
  const entries: ZipEntry[] = [
    ...files.map((file) => ({ name: file.name, data: file.data, crc32: file.digests.crc32 })),
    { name: 'manifest.json', data: manifest },
    { name: 'signature', data: manifestSignerFor(config)(manifest) },
  ];
  return storedZip(entries);
}
