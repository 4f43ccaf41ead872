// http_ece (the web-push library's payload encryption, RFC 8188) ships without types: the decrypt
// half as the local test push service calls it, with a receiver's ECDH key and auth secret.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  interface DecryptParams {
    version: 'aes128gcm' | 'aesgcm';
    privateKey: ECDH;
    authSecret: string | Buffer;
    dh?: string | Buffer;
    salt?: string | Buffer;
  }
  export function decrypt(buffer: Buffer, params: DecryptParams): Buffer;
}
