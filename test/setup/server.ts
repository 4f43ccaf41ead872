// Server tests exercise real OCR, hashing and databases; give them room on a 2-core machine.
jest.setTimeout(60_000);

// argon2id at the production cost (19 MiB, 2 passes) is 25 ms of CPU per hash or check, and the suites sign up
// and sign in through the API hundreds of times. No test reads the cost, so the server's hashes here are argon2id
// at the smallest one: still salted, stored and checked for real. login.test.ts, which checks that the dummy hash
// an unknown e-mail is checked against costs what a real one does, compares the options each hash was asked for.
jest.mock('@node-rs/argon2', () => {
  const actual: typeof import('@node-rs/argon2') = jest.requireActual('@node-rs/argon2');
  const cheapest = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
  return { ...actual, hash: (password: string | Uint8Array, options?: import('@node-rs/argon2').Options) => actual.hash(password, { ...options, ...cheapest }) };
});

/** The part of node-forge (which has no types of its own) that the stand-in below uses. */
interface ForgeAsn1 {
  Class: { UNIVERSAL: number };
  Type: { SEQUENCE: number; OID: number; NULL: number; OCTETSTRING: number };
  create(tagClass: number, type: number, constructed: boolean, value: unknown): unknown;
  oidToDer(oid: string): { getBytes(): string };
  toDer(node: unknown): { getBytes(): string };
}
interface ForgeDigest {
  algorithm: string;
  digest(): { getBytes(): string };
}
interface ForgePrivateKey {
  sign(md: ForgeDigest, scheme?: unknown): string;
}
interface Forge {
  asn1: ForgeAsn1;
  pki: {
    oids: Record<string, string | undefined>;
    rsa: { setPrivateKey(...parts: unknown[]): ForgePrivateKey };
    /** The same function as `rsa.setPrivateKey`, under the name forge's key parsers call. */
    setRsaPrivateKey(...parts: unknown[]): ForgePrivateKey;
    privateKeyToPem(key: ForgePrivateKey): string;
  };
}

// passkit-generator signs a pass's manifest with node-forge, whose RSA is JavaScript: ~0.1–0.3 s of CPU for each
// pass signed with a 2048-bit key, and the Apple Wallet suites sign one in most tests. RSASSA-PKCS1-v1_5 is
// deterministic, so the same key's signature made by Node's crypto (OpenSSL) is the same bytes: forge's keys
// sign through it here, and everything else (the PKCS #7 envelope, the certificates, the digests) stays forge's.
jest.mock('node-forge', () => {
  const forge = jest.requireActual<Forge>('node-forge');
  const crypto: typeof import('node:crypto') = jest.requireActual('node:crypto');
  const { asn1 } = forge;
  const setPrivateKey = forge.pki.rsa.setPrivateKey;
  forge.pki.setRsaPrivateKey = forge.pki.rsa.setPrivateKey = (...parts: unknown[]) => {
    const key = setPrivateKey(...parts);
    const forgeSign = key.sign.bind(key);
    let native: import('node:crypto').KeyObject | undefined;
    key.sign = (md: ForgeDigest, scheme?: unknown) => {
      const oid = forge.pki.oids[md.algorithm];
      if ((scheme !== undefined && String(scheme).toUpperCase() !== 'RSASSA-PKCS1-V1_5') || oid === undefined) return forgeSign(md, scheme);
      // The DigestInfo that RSASSA-PKCS1-v1_5 pads and raises to the private exponent (RFC 8017, 9.2).
      const digestInfo = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
        asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
          asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(oid).getBytes()),
          asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, ''),
        ]),
        asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, md.digest().getBytes()),
      ]);
      native ??= crypto.createPrivateKey(forge.pki.privateKeyToPem(key));
      const signature = crypto.privateEncrypt({ key: native, padding: crypto.constants.RSA_PKCS1_PADDING }, Buffer.from(asn1.toDer(digestInfo).getBytes(), 'binary'));
      return signature.toString('binary');
    };
    return key;
  };
  return forge;
});

// Fastify names a plugin without a display name by searching the module cache for its module, and in jest that
// cache is a proxy over the file's whole module registry (some 800 modules, ~5 ms an app). @fastify/swagger-ui
// registers its routes plugin so; it gets the name that search finds, its module's path, given up front.
jest.mock('@fastify/swagger-ui/lib/routes', () => {
  const routes: object = jest.requireActual('@fastify/swagger-ui/lib/routes');
  Object.defineProperty(routes, Symbol.for('fastify.display-name'), { value: require.resolve('@fastify/swagger-ui/lib/routes') });
  return routes;
});
