import type { ReportType } from '@freight/contracts';
import { REPORT_TYPE_LIST } from '@freight/contracts';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import type { AnyMessage } from '../messages/types.ts';

// How a canonical message looks on a channel's wire: its type renamed by the channel's code map, its
// payload as JSON or XML, its tags in the channel's case. Inside the product nothing of this is stored.

export type TagCase = 'camel' | 'pascal';
export type WireFormat = 'json' | 'xml';

/** The province's code of a canonical type (e.g. one Tianjin version's WLHY_JZ1001 for fund flow). */
export function wireType(type: ReportType, codeMap: Record<string, string> | null | undefined): string {
  return codeMap?.[type] ?? type;
}

/** The canonical type of a wire code, for the fake servers (which know the same map). */
export function canonicalType(
  code: string,
  codeMap: Record<string, string> | null | undefined,
): ReportType | undefined {
  for (const type of REPORT_TYPE_LIST) if (wireType(type, codeMap) === code) return type;
  return undefined;
}

const upperFirst = (key: string) => key.charAt(0).toUpperCase() + key.slice(1);
const lowerFirst = (key: string) => key.charAt(0).toLowerCase() + key.slice(1);

/** Renames every key (deeply); undefined values are dropped, as they are never sent. */
function renameKeys(value: unknown, rename: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => renameKeys(item, rename));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined) continue;
      out[rename(key)] = renameKeys(item, rename);
    }
    return out;
  }
  return value;
}

/** Fields that are lists; XML cannot tell a one-element list from an object, so the decoder is told. */
const LIST_TAGS = new Set([
  'vehicleInfo',
  'driver',
  'goodsInfo',
  'shippingNoteList',
  'financiallist',
  'locationList',
]);

const builder = new XMLBuilder({ ignoreAttributes: true, format: false, suppressEmptyNode: false });
const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => LIST_TAGS.has(lowerFirst(name)),
});

/** The payload text of a message: `{ root: { body } }` JSON or `<root><body>…</body></root>` XML. */
export function encodeContent(content: AnyMessage, format: WireFormat, tagCase: TagCase): string {
  const rename = tagCase === 'pascal' ? upperFirst : (key: string) => key;
  const body = renameKeys(content, rename);
  if (format === 'json') return JSON.stringify(body);
  const tree = { [rename('root')]: { [rename('body')]: body } };
  return `<?xml version="1.0" encoding="UTF-8"?>${builder.build(tree)}`;
}

/** The canonical content of a payload text (what a provincial server reads back). */
export function decodeContent(text: string, format: WireFormat): AnyMessage {
  if (format === 'json') return renameKeys(JSON.parse(text), lowerFirst) as AnyMessage;
  const tree = renameKeys(parser.parse(text), lowerFirst) as { root?: { body?: unknown } };
  const body = tree.root?.body;
  if (!body || typeof body !== 'object') throw new Error('XML without <root><body>');
  return emptyToUndefined(body) as AnyMessage;
}

/** XML has no "absent": an empty element reads as ''; the canonical form leaves it out. */
function emptyToUndefined(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(emptyToUndefined);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) if (item !== '') out[key] = emptyToUndefined(item);
    return out;
  }
  return value;
}
