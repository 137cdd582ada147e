import { crc32 } from 'node:zlib';

/**
 * Magic bytes alone are easy to fake (a PNG signature in front of a text file). For the raster types
 * we accept, also check the container structure a decoder would need before calling it an image.
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

function pngOk(buf: Buffer): boolean {
  // signature, then the IHDR chunk: length 13, type, 13 data bytes, CRC over type + data.
  if (buf.length < 8 + 25 + 12) return false;
  if (buf.readUInt32BE(8) !== 13 || buf.toString('latin1', 12, 16) !== 'IHDR') return false;
  const width = buf.readUInt32BE(16);
  const height = buf.readUInt32BE(20);
  if (width === 0 || height === 0) return false;
  if (crc32(buf.subarray(12, 29)) !== buf.readUInt32BE(29)) return false;
  return buf.includes('IDAT', 33, 'latin1') && buf.includes('IEND', 33, 'latin1');
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

function gifOk(buf: Buffer): boolean {
  if (buf.length < 14) return false;
  const w = buf.readUInt16LE(6);
  const h = buf.readUInt16LE(8);
  return w > 0 && h > 0 && buf.includes(0x2c, 13) && buf.subarray(buf.length - 16).includes(0x3b);
}

function webpOk(buf: Buffer): boolean {
  if (buf.length < 30 || buf.toString('latin1', 0, 4) !== 'RIFF' || buf.toString('latin1', 8, 12) !== 'WEBP')
    return false;
  const riffSize = buf.readUInt32LE(4);
  const chunk = buf.toString('latin1', 12, 16);
  return riffSize + 8 <= buf.length + 1 && ['VP8 ', 'VP8L', 'VP8X'].includes(chunk);
}
