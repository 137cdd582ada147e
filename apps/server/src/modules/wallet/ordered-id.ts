import { randomBytes } from 'node:crypto';

// UUIDv7 (RFC 9562): a millisecond timestamp, then a counter, then random bits. Wallet history is
// ordered by (created_at, id); entries written in the same millisecond (a reward, then at once a
// withdrawal) still list in the order they happened because these ids increase within a process.
let lastMs = 0;
let counter = 0;

export function orderedId(): string {
  let ms = Date.now();
  if (ms <= lastMs) {
    ms = lastMs;
    counter++;
    if (counter > 0xfff) {
      ms = ++lastMs;
      counter = 0;
    }
  } else {
    counter = 0;
  }
  lastMs = ms;
  const b = randomBytes(16);
  b.writeUIntBE(ms, 0, 6);
  b[6] = 0x70 | ((counter >> 8) & 0x0f);
  b[7] = counter & 0xff;
  b[8] = 0x80 | (b[8]! & 0x3f);
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
