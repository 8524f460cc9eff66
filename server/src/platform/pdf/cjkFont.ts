// The CJK font the PDFs embed (invoices, bill statements, transport contracts): an open-licence system font
// (WenQuanYi Micro Hei, Apache-2.0/GPLv3 with font exception, or Noto Sans CJK, OFL) that
// scripts/ensure-chromium.sh installs, subset-embedded by pdfkit; `PDF_CJK_FONT` (a path, optionally `path#family`) overrides.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { bizError } from '../http/errors.ts';

const CANDIDATES: Array<{ path: string; family?: string }> = [
  { path: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', family: 'WenQuanYiMicroHei' },
  { path: '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc', family: 'WenQuanYiZenHei' },
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/truetype/arphic/uming.ttc', family: 'AR PL UMing CN' },
];

let found: { path: string; family?: string } | null | undefined;

/** The CJK font the PDFs embed (null when the machine has none). */
export function cjkFont(): { path: string; family?: string } | null {
  if (found !== undefined) return found;
  const env = process.env.PDF_CJK_FONT;
  if (env) {
    const [path, family] = env.split('#');
    if (path && existsSync(path)) {
      found = family ? { path, family } : { path };
      return found;
    }
  }
  found = CANDIDATES.find((c) => existsSync(c.path)) ?? null;
  return found;
}

/** A parsed font (fontkit's), as pdfkit takes it in place of a path. */
interface ParsedFont {
  layout(text: string): unknown;
}

/**
 * The font parsed once per process: pdfkit parses a font given by path for every document (a CJK collection
 * of several MB, most of a contract's rendering time); given the parsed font it only subsets it per document.
 */
let parsed: ParsedFont | undefined;
function parsedFont(font: { path: string; family?: string }): ParsedFont {
  if (parsed) return parsed;
  // fontkit as pdfkit itself loads it (its own dependency).
  const fontkit = createRequire(createRequire(import.meta.url).resolve('pdfkit'))('fontkit') as {
    create(data: Uint8Array, postscriptName?: string): ParsedFont;
  };
  parsed = fontkit.create(readFileSync(font.path), font.family);
  return parsed;
}

/** Registers the font as `cjk` and selects it; a machine without any CJK font gets a clear refusal. */
export function useCjkFont(doc: PDFKit.PDFDocument, what: string): void {
  const font = cjkFont();
  if (!font) throw bizError(`服务器未安装中文字体，无法生成${what}PDF`);
  // pdfkit takes a parsed font as its source (its typings name only paths and buffers).
  doc.registerFont('cjk', parsedFont(font) as unknown as string);
  doc.font('cjk');
}
