// Row ids that sort by creation time (the UUID version 7 layout of RFC 9562: 48 bits of milliseconds, then
// a sequence, then random bits), for tables written in bulk: a new id lands at the right edge of its
// primary key's index, where a random one lands on any leaf page. On PostgreSQL a page split writes its
// pages to the write-ahead log, and so does the first change to a page after a checkpoint: random ids in a
// bulk write split pages all over the index (leaving them half full) and touch a page per row, a log every
// commit that waits for the disk flushes with its own.
import crypto from 'node:crypto';

const SEQUENCE_BITS = 24;

/**
 * `sequence` orders ids made within one millisecond (a plan numbers its messages from 0); without one the
 * bits are random. The last 50 bits are random either way, so two servers making ids at once do not collide.
 */
export function timeOrderedId(now: number, sequence?: number): string {
  const bytes = crypto.randomBytes(16);
  const ms = BigInt(Math.max(0, Math.floor(now)));
  for (let i = 0; i < 6; i += 1) bytes[i] = Number((ms >> BigInt(8 * (5 - i))) & 0xffn);
  if (sequence !== undefined) {
    // 24 bits: the 12 of rand_a (bytes 6–7 after the version) and 12 more across bytes 8–9 after the variant.
    const seq = sequence % 2 ** SEQUENCE_BITS;
    bytes[6] = (seq >>> 20) & 0x0f;
    bytes[7] = (seq >>> 12) & 0xff;
    bytes[8] = (seq >>> 6) & 0x3f;
    bytes[9] = ((seq & 0x3f) << 2) | (bytes[9]! & 0x03);
  }
  bytes[6] = 0x70 | (bytes[6]! & 0x0f);
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
