import { crc32 } from 'node:zlib';

/**
 * The one image check, used by storeUpload for every upload whose bytes say "raster
 * image": question images, answer attachments, job logos, hackathon images, project files.
 * Magic bytes alone are easy to fake (a PNG signature in front of a text file, `GIF89a<script>`),
 * so the container structure a decoder would need must be there too.
 */
export function hasImageStructure(buf: Buffer, mimetype: string): boolean {
  switch (mimetype) {
    case 'image/png':
      return pngOk(buf);
    case 'image/jpeg':
      return jpegOk(buf);
    case 'image/gif':
      return gifOk(buf);
    case 'image/webp':
      return webpOk(buf);
    case 'image/bmp':
      return buf.length >= 26 && buf.readUInt32LE(2) <= buf.length && buf.readInt32LE(18) !== 0;
    case 'image/avif':
      return buf.length > 32 && buf.toString('latin1', 4, 8) === 'ftyp';
    default:
      return false;
  }
}

/** Walks every chunk: IHDR first with a real size, each chunk's CRC right, image data, IEND last. */
function pngOk(buf: Buffer): boolean {
  if (buf.length < 8 + 25 + 12) return false;
  if (buf.readUInt32BE(8) !== 13 || buf.toString('latin1', 12, 16) !== 'IHDR') return false;
  if (buf.readUInt32BE(16) === 0 || buf.readUInt32BE(20) === 0) return false;
  let i = 8;
  let idat = false;
  while (i + 12 <= buf.length) {
    const len = buf.readUInt32BE(i);
    const end = i + 12 + len;
    if (end > buf.length) return false;
    const type = buf.toString('latin1', i + 4, i + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) return false;
    if (crc32(buf.subarray(i + 4, i + 8 + len)) !== buf.readUInt32BE(i + 8 + len)) return false;
    if (type === 'IDAT') idat = true;
    if (type === 'IEND') return idat;
    i = end;
  }
  return false;
}

function jpegOk(buf: Buffer): boolean {
  if (buf.length < 128 || buf[0] !== 0xff || buf[1] !== 0xd8) return false;
  // A start-of-frame marker with a non-zero size, and an end-of-image marker near the end.
  let hasFrame = false;
  for (let i = 2; i < Math.min(buf.length - 9, 1 << 20); i++) {
    if (buf[i] === 0xff && buf[i + 1]! >= 0xc0 && buf[i + 1]! <= 0xc3) {
      const h = buf.readUInt16BE(i + 5);
      const w = buf.readUInt16BE(i + 7);
      if (h > 0 && w > 0) {
        hasFrame = true;
        break;
      }
    }
  }
  const tail = buf.subarray(Math.max(0, buf.length - 4096));
  return hasFrame && tail.includes(Buffer.from([0xff, 0xd9]));
}

/** Walks the GIF blocks: header, screen descriptor, colour table, extensions, at least one image, trailer. */
function gifOk(buf: Buffer): boolean {
  if (buf.length < 14) return false;
  const w = buf.readUInt16LE(6);
  const h = buf.readUInt16LE(8);
  if (w === 0 || h === 0) return false;
  let i = 13;
  if (buf[10]! & 0x80) i += 3 * 2 ** ((buf[10]! & 0x07) + 1);
  const skipSubBlocks = (at: number): number => {
    let p = at;
    while (p < buf.length) {
      const n = buf[p]!;
      p += 1 + n;
      if (n === 0) return p;
    }
    return -1;
  };
  let images = 0;
  while (i < buf.length) {
    const block = buf[i];
    if (block === 0x3b) return images > 0;
    if (block === 0x21) {
      i = skipSubBlocks(i + 2);
    } else if (block === 0x2c) {
      if (i + 10 > buf.length) return false;
      const flags = buf[i + 9]!;
      i += 10;
      if (flags & 0x80) i += 3 * 2 ** ((flags & 0x07) + 1);
      const minCodeSize = buf[i];
      if (minCodeSize === undefined || minCodeSize < 2 || minCodeSize > 12) return false;
      i = skipSubBlocks(i + 1);
      images++;
    } else {
      return false;
    }
    if (i < 0) return false;
  }
  return false;
}

function webpOk(buf: Buffer): boolean {
  if (buf.length < 30 || buf.toString('latin1', 0, 4) !== 'RIFF' || buf.toString('latin1', 8, 12) !== 'WEBP')
    return false;
  const riffSize = buf.readUInt32LE(4);
  const chunk = buf.toString('latin1', 12, 16);
  return riffSize + 8 <= buf.length + 1 && ['VP8 ', 'VP8L', 'VP8X'].includes(chunk);
}
