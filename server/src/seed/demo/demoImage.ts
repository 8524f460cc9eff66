import { deflateSync } from 'node:zlib';

// A small real PNG drawn in code (no image files in the repository): a card of the given colour with a
// header band, a photo box and text lines, enough to show where a licence or an ID image sits.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

type Rgb = readonly [number, number, number];

export function demoCardPng(colour: Rgb, width = 240, height = 150): Buffer {
  const dark: Rgb = [colour[0] * 0.55, colour[1] * 0.55, colour[2] * 0.55];
  const pixel = (x: number, y: number): Rgb => {
    if (y < 28) return dark;
    if (x >= 16 && x < 76 && y >= 44 && y < 124) return [214, 219, 226];
    const line = (y - 48) % 18;
    if (x >= 92 && x < width - 20 && y >= 48 && y < 130 && line < 6) return [255, 255, 255];
    return colour;
  };
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      row[1 + x * 3] = Math.round(r);
      row[2 + x * 3] = Math.round(g);
      row[3 + x * 3] = Math.round(b);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
