// The detached PKCS#7 signature of a pass's manifest.json, as Wallet checks it: SHA-1 over the manifest,
// signed by the Pass Type ID certificate, both certificates (pass and WWDR) carried, a signing time among
// the signed attributes. node-forge lays out the PKCS#7 structure; the RSA operation itself is Node's
// native one, because forge's pure-JavaScript RSA took ~25 ms per pass on the event loop (native: ~1 ms).
// The certificates and the key are parsed once per configuration, not once per pass.
import crypto from 'node:crypto';
import forge from 'node-forge';
import type { ApplePassConfig } from '../config';

/** ASN.1 DigestInfo prefixes (RFC 8017 §9.2 note 1): what PKCS#1 v1.5 signs before the hash itself. */
const DIGEST_INFO_PREFIX: Record<string, Buffer> = {
  sha1: Buffer.from('3021300906052b0e03021a05000414', 'hex'),
  sha256: Buffer.from('3031300d060960864801650304020105000420', 'hex'),
};

export type ManifestSigner = (manifest: Buffer) => Buffer;

/** The part of forge's message digest that its PKCS#7 signer hands to `key.sign`. */
interface ForgeDigest {
  algorithm: string;
  digest(): forge.util.ByteStringBuffer;
}

/** A private key forge can sign with whose RSA step runs natively (RSASSA-PKCS1-v1_5, the only scheme PKCS#7 asks for here). */
function nativeRsaKey(key: crypto.KeyObject): forge.pki.rsa.PrivateKey {
  const signer = {
    sign(md: ForgeDigest): forge.Bytes {
      const prefix = DIGEST_INFO_PREFIX[md.algorithm];
      if (!prefix) throw new Error(`no DigestInfo for ${md.algorithm}`);
      const digestInfo = Buffer.concat([prefix, Buffer.from(md.digest().getBytes(), 'binary')]);
      return crypto.privateEncrypt({ key, padding: crypto.constants.RSA_PKCS1_PADDING }, digestInfo).toString('binary');
    },
  };
  // forge's PKCS#7 signer calls nothing on its key but sign(); the other RSA fields stay unused.
  return signer as unknown as forge.pki.rsa.PrivateKey;
}

function createManifestSigner(config: ApplePassConfig): ManifestSigner {
  const wwdr = forge.pki.certificateFromPem(config.wwdrCert);
  const signerCert = forge.pki.certificateFromPem(config.signerCert);
  const key = nativeRsaKey(crypto.createPrivateKey({ key: config.signerKey, ...(config.signerKeyPassphrase ? { passphrase: config.signerKeyPassphrase } : {}) }));
  return (manifest) => {
    const signed = forge.pkcs7.createSignedData();
    signed.content = forge.util.createBuffer(manifest.toString('binary'));
    signed.addCertificate(wwdr);
    signed.addCertificate(signerCert);
    signed.addSigner({
      key,
      certificate: signerCert,
      digestAlgorithm: forge.pki.oids.sha1!,
      authenticatedAttributes: [
        { type: forge.pki.oids.contentType!, value: forge.pki.oids.data },
        { type: forge.pki.oids.messageDigest! },
        // Wallet wants to know when the pass was signed; forge fills in the time of sign().
        { type: forge.pki.oids.signingTime! },
      ],
    });
    signed.sign({ detached: true });
    return Buffer.from(forge.asn1.toDer(signed.toAsn1()).getBytes(), 'binary');
  };
}

const signers = new WeakMap<ApplePassConfig, ManifestSigner>();

/** The signer of this configuration's passes, made on first use and kept (the configuration never changes while the server runs). */
export function manifestSignerFor(config: ApplePassConfig): ManifestSigner {
  let signer = signers.get(config);
  if (!signer) {
    signer = createManifestSigner(config);
    signers.set(config, signer);
  }
  return signer;
}
