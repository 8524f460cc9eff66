// The login captcha as a raster image. The SVG captcha drew every character as a separate
// vector path of a known font, which a script matches glyph by glyph (20 solved out of 20). Here the glyphs
// of that font are rotated, scaled, overlapped and warped by a random wave, crossed by random curves in the
// text's own colours over a speckled background, and rasterised: what leaves the server is pixels only.
import { randomBytes, randomInt } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import svgCaptcha from 'svg-captcha';

export const CAPTCHA_WIDTH = 120;
export const CAPTCHA_HEIGHT = 40;
/** No 0/O, 1/I/L, 2/Z, 5/S, 8/B pairs: the comparison ignores case, and a person must be able to read it. */
export const CAPTCHA_CHARS = 'ACDEFGHJKMNPQRTUVWXY34679';
const SCALE = 3; // supersampling per axis

interface PathCommand {
  type: 'M' | 'L' | 'Q' | 'C' | 'Z';
  x?: number;
  y?: number;
  x1?: number;
  y1?: number;
  x2?: number;
  y2?: number;
}
interface Font {
  getPath(text: string, x: number, y: number, fontSize: number): { commands: PathCommand[] };
}
// svg-captcha loads its bundled font with opentype.js and keeps it on its (untyped) options object.
const font = (svgCaptcha.options as unknown as { font: Font }).font;

type Point = [number, number];
type Random = (min: number, max: number) => number;

/** Uniform in [min, max) from the CSPRNG: a predictable distortion would help a solver. */
const secureRandom: Random = (min, max) => min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);

export function randomCaptchaText(length = 4): string {
  return Array.from({ length }, () => CAPTCHA_CHARS[randomInt(0, CAPTCHA_CHARS.length)]).join('');
}

/** The Bernstein weights of the points of a quadratic (degree 2) or cubic (3) Bézier curve at t. */
function bezierWeights(degree: number, t: number): number[] {
  const u = 1 - t;
  return degree === 2 ? [u * u, 2 * u * t, t * t] : [u ** 3, 3 * u * u * t, 3 * u * t * t, t ** 3];
}

/** The glyph outline as closed polygons, Bézier curves flattened. */
function outline(char: string, size: number): Point[][] {
  const polygons: Point[][] = [];
  let current: Point[] = [];
  let last: Point = [0, 0];
  const steps = 8;
  for (const c of font.getPath(char, 0, 0, size).commands) {
    if (c.type === 'M') {
      if (current.length > 2) polygons.push(current);
      last = [c.x ?? 0, c.y ?? 0];
      current = [last];
    } else if (c.type === 'L') {
      last = [c.x ?? 0, c.y ?? 0];
      current.push(last);
    } else if (c.type === 'Q' || c.type === 'C') {
      const end: Point = [c.x ?? 0, c.y ?? 0];
      const points: Point[] =
        c.type === 'Q'
          ? [last, [c.x1 ?? 0, c.y1 ?? 0], end]
          : [last, [c.x1 ?? 0, c.y1 ?? 0], [c.x2 ?? 0, c.y2 ?? 0], end];
      for (let i = 1; i <= steps; i++) {
        const weights = bezierWeights(points.length - 1, i / steps);
        const at = (axis: 0 | 1) => points.reduce((sum, p, k) => sum + weights[k] * p[axis], 0);
        current.push([at(0), at(1)]);
      }
      last = end;
    } else if (c.type === 'Z') {
      if (current.length > 2) polygons.push(current);
      current = [];
    }
  }
  if (current.length > 2) polygons.push(current);
  return polygons;
}

/**
 * The pixel spans (row, first, last) a non-zero winding fill of the polygons covers. Each edge is visited
 * only for the rows it spans, so the work follows the outline's height, not rows × edges.
 */
function spans(w: number, h: number, polygons: Point[][]): Array<[number, number, number]> {
  const rows = new Map<number, Array<{ x: number; dir: number }>>();
  for (const poly of polygons)
    for (let i = 0; i < poly.length; i++) {
      const [x0, y0] = poly[i];
      const [x1, y1] = poly[(i + 1) % poly.length];
      if (y0 === y1) continue;
      const dir = y1 > y0 ? 1 : -1;
      const top = Math.max(0, Math.ceil(Math.min(y0, y1) - 0.5));
      const bottom = Math.min(h - 1, Math.ceil(Math.max(y0, y1) - 0.5) - 1);
      for (let y = top; y <= bottom; y++) {
        const x = x0 + ((y + 0.5 - y0) * (x1 - x0)) / (y1 - y0);
        const row = rows.get(y);
        if (row) row.push({ x, dir });
        else rows.set(y, [{ x, dir }]);
      }
    }
  const out: Array<[number, number, number]> = [];
  for (const [y, crossings] of rows) {
    crossings.sort((a, b) => a.x - b.x);
    let winding = 0;
    for (let i = 0; i < crossings.length - 1; i++) {
      winding += crossings[i].dir;
      if (winding === 0) continue;
      const from = Math.max(0, Math.ceil(crossings[i].x - 0.5));
      const to = Math.min(w - 1, Math.floor(crossings[i + 1].x - 0.5));
      if (to >= from) out.push([y, from, to]);
    }
  }
  return out;
}

/** A thick stroke along a polyline, as a polygon per segment (quads), for the crossing curves. */
function strokePolygons(points: Point[], width: number): Point[][] {
  const out: Point[][] = [];
  for (let i = 0; i < points.length - 1; i++) {
    const [x0, y0] = points[i];
    const [x1, y1] = points[i + 1];
    const len = Math.hypot(x1 - x0, y1 - y0) || 1;
    const nx = (-(y1 - y0) / len) * (width / 2);
    const ny = ((x1 - x0) / len) * (width / 2);
    out.push([
      [x0 + nx, y0 + ny],
      [x1 + nx, y1 + ny],
      [x1 - nx, y1 - ny],
      [x0 - nx, y0 - ny],
    ]);
  }
  return out;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

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

/** An 8-bit RGB PNG of `rgb` (width × height × 3 bytes). */
export function encodePng(rgb: Uint8Array, width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0; // no filter
    Buffer.from(rgb.buffer, rgb.byteOffset + y * width * 3, width * 3).copy(raw, y * (width * 3 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The PNG of `text`, distorted afresh on every call. */
export function renderCaptcha(text: string, random: Random = secureRandom): Buffer {
  const w = CAPTCHA_WIDTH * SCALE;
  const h = CAPTCHA_HEIGHT * SCALE;
  const pixels = new Float32Array(w * h * 3);
  // Background: a soft gradient between two light colours, speckled.
  const bgA = [random(215, 250), random(215, 250), random(215, 250)];
  const bgB = [random(200, 245), random(200, 245), random(200, 245)];
  const noise = randomBytes(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const f = x / w;
      const n = noise[y * w + x];
      const speck = n < 16 ? -30 - n * 4 : 0;
      for (let k = 0; k < 3; k++) pixels[(y * w + x) * 3 + k] = bgA[k] * (1 - f) + bgB[k] * f + speck;
    }
  const paint = (polygons: Point[][], colour: number[], alpha = 1) => {
    // Overlapping spans (a stroke's segments) are blended once per pixel.
    const covered = new Set<number>();
    for (const [y, from, to] of spans(w, h, polygons))
      for (let x = from; x <= to; x++) {
        const i = y * w + x;
        if (covered.has(i)) continue;
        covered.add(i);
        for (let k = 0; k < 3; k++) pixels[i * 3 + k] = pixels[i * 3 + k] * (1 - alpha) + colour[k] * alpha;
      }
  };
  const darkColour = () => [random(10, 120), random(10, 120), random(10, 120)];

  // One wave bends the whole line of text; each glyph also turns, grows or shrinks on its own.
  const ampX = random(2, 4) * SCALE;
  const ampY = random(2, 4) * SCALE;
  const lenX = random(18, 30) * SCALE;
  const lenY = random(14, 24) * SCALE;
  const phaseX = random(0, Math.PI * 2);
  const phaseY = random(0, Math.PI * 2);
  const warp = ([x, y]: Point): Point => [
    x + ampX * Math.sin(y / lenY + phaseX),
    y + ampY * Math.sin(x / lenX + phaseY),
  ];
  const colours: number[][] = [];
  const slot = (w - 16 * SCALE) / text.length;
  for (let i = 0; i < text.length; i++) {
    const size = random(36, 44) * SCALE;
    const angle = random(-0.5, 0.5);
    const polygons = outline(text[i], size);
    const xs = polygons.flat().map((p) => p[0]);
    const ys = polygons.flat().map((p) => p[1]);
    const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
    const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
    const tx = 8 * SCALE + slot * (i + 0.5) + random(-3, 3) * SCALE;
    const ty = h / 2 + random(-4, 4) * SCALE;
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const placed = polygons.map((poly) =>
      poly.map(([x, y]): Point => {
        const dx = x - cx;
        const dy = y - cy;
        return warp([tx + dx * cos - dy * sin, ty + dx * sin + dy * cos]);
      }),
    );
    const colour = darkColour();
    colours.push(colour);
    // The font's strokes are thin: the outline is traced with a pen as well, for a readable weight.
    paint([...placed, ...placed.flatMap((poly) => strokePolygons([...poly, poly[0]], 1.7 * SCALE))], colour);
  }
  // Curves across the text in the text's own colours, so they cannot be told apart by colour.
  const curves = Math.round(random(2, 3.99));
  for (let c = 0; c < curves; c++) {
    const x0 = random(0, w * 0.3);
    const x1 = random(w * 0.7, w);
    const y0 = random(h * 0.15, h * 0.85);
    const y1 = random(h * 0.15, h * 0.85);
    const cy1 = random(-h * 0.3, h * 1.3);
    const points: Point[] = [];
    for (let i = 0; i <= 24; i++) {
      const t = i / 24;
      const u = 1 - t;
      points.push([u * x0 + t * x1, u * u * y0 + 2 * u * t * cy1 + t * t * y1]);
    }
    paint(strokePolygons(points, random(1, 1.6) * SCALE), colours[c % colours.length], 0.85);
  }
  // Down to the final size: each pixel the mean of its SCALE × SCALE samples.
  const rgb = new Uint8Array(CAPTCHA_WIDTH * CAPTCHA_HEIGHT * 3);
  for (let y = 0; y < CAPTCHA_HEIGHT; y++)
    for (let x = 0; x < CAPTCHA_WIDTH; x++)
      for (let k = 0; k < 3; k++) {
        let sum = 0;
        for (let sy = 0; sy < SCALE; sy++)
          for (let sx = 0; sx < SCALE; sx++) sum += pixels[((y * SCALE + sy) * w + x * SCALE + sx) * 3 + k];
        rgb[(y * CAPTCHA_WIDTH + x) * 3 + k] = Math.max(0, Math.min(255, Math.round(sum / (SCALE * SCALE))));
      }
  return encodePng(rgb, CAPTCHA_WIDTH, CAPTCHA_HEIGHT);
}
