// The CJK font the PDFs embed (invoices, bill statements, transport contracts): an open-licence system font
// (WenQuanYi Micro Hei, Apache-2.0/GPLv3 with font exception, or Noto Sans CJK, OFL) that
// scripts/ensure-chromium.sh installs, subset-embedded by pdfkit; `PDF_CJK_FONT` (a path, optionally `path#family`) overrides.
import { existsSync } from 'node:fs';
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

/** Registers the font as `cjk` and selects it; a machine without any CJK font gets a clear refusal. */
export function useCjkFont(doc: PDFKit.PDFDocument, what: string): void {
  const font = cjkFont();
  if (!font) throw bizError(`服务器未安装中文字体，无法生成${what}PDF`);
  if (font.family) doc.registerFont('cjk', font.path, font.family);
  else doc.registerFont('cjk', font.path);
  doc.font('cjk');
}
