import { encodePng } from '../../platform/auth/captchaImage.ts';

// A small real PNG drawn in code (no image files in the repository): a card of the given colour with a
// header band, a photo box and text lines, enough to show where a licence or an ID image sits.

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
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      const at = (y * width + x) * 3;
      rgb[at] = Math.round(r);
      rgb[at + 1] = Math.round(g);
      rgb[at + 2] = Math.round(b);
    }
  return encodePng(rgb, width, height);
}
