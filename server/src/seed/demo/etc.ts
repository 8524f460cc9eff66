// The demo's ETC记录: the toll records of the latest loaded demo waybills (one or two passages inside each trip)
// and a few of vehicles the platform does not know, imported through the ETC import service as a provider's
// file would be, so they are matched (and listed unmatched) by the product's own rule. Stable serial nos.: a
// second run imports nothing new.
import { and, desc, gte, isNotNull } from 'drizzle-orm';
import type { SheetRow } from '../../modules/finance/etcRecords.ts';
import { importEtcRecords } from '../../modules/finance/index.ts';
import { hyShippingNote } from '../../modules/freight/index.ts';
import type { Db } from '../../platform/db/client.ts';
import { formatDateTime } from '../../platform/http/envelope.ts';
import type { DemoSeeder } from './types.ts';

const STATIONS = [
  '苏州东',
  '上海北',
  '无锡东',
  '南京仙林',
  '杭州北',
  '嘉兴',
  '常州',
  '合肥东',
  '昆山',
  '太仓',
];
const HEADER = ['交易流水号', '车牌号', '入口站', '出口站', '入口时间', '出口时间', '通行费', '发票号'];
const HOUR = 3_600_000;

export const etcSeeder: DemoSeeder = {
  name: 'etc',
  async run(db: Db, ctx) {
    const notes = await db
      .select({
        tenantId: hyShippingNote.tenantId,
        no: hyShippingNote.shippingNoteNumber,
        plateNo: hyShippingNote.plateNo,
        loadTime: hyShippingNote.loadTime,
      })
      .from(hyShippingNote)
      .where(
        and(
          gte(hyShippingNote.status, 2),
          isNotNull(hyShippingNote.loadTime),
          isNotNull(hyShippingNote.plateNo),
        ),
      )
      .orderBy(desc(hyShippingNote.loadTime))
      .limit(30 * ctx.scale);
    const byTenant = new Map<number, unknown[][]>();
    notes.forEach((note, i) => {
      const load = (note.loadTime as Date).getTime();
      const rows = byTenant.get(note.tenantId) ?? [];
      for (let leg = 0; leg < 1 + (i % 2); leg++) {
        const exit = load + (leg + 1) * HOUR;
        rows.push([
          `DEMO-ETC-${note.no}-${leg + 1}`,
          note.plateNo,
          STATIONS[(i + leg) % STATIONS.length],
          STATIONS[(i + leg + 3) % STATIONS.length],
          formatDateTime(new Date(exit - 50 * 60_000)),
          formatDateTime(new Date(exit)),
          ((3_500 + ((i * 7_919 + leg * 104_729) % 38_000)) / 100).toFixed(2),
          `0440022${String(i * 2 + leg).padStart(5, '0')}`,
        ]);
      }
      byTenant.set(note.tenantId, rows);
    });
    // Passages of vehicles that are not the platform's: they stay unmatched.
    const tenant = notes[0]?.tenantId ?? 0;
    const strangers = byTenant.get(tenant) ?? [];
    for (let i = 0; i < 5; i++) {
      const exit = ctx.now.getTime() - (i + 1) * 26 * HOUR;
      strangers.push([
        `DEMO-ETC-X${i + 1}`,
        `沪Z${String(81_230 + i)}`,
        STATIONS[i],
        STATIONS[(i + 4) % STATIONS.length],
        formatDateTime(new Date(exit - 40 * 60_000)),
        formatDateTime(new Date(exit)),
        (28 + i * 11.5).toFixed(2),
        '',
      ]);
    }
    byTenant.set(tenant, strangers);
    let inserted = 0;
    for (const [tenantId, rows] of byTenant) {
      async function* sheet(): AsyncGenerator<SheetRow> {
        yield { row: 1, cells: HEADER };
        for (const [i, cells] of rows.entries()) yield { row: i + 2, cells };
      }
      const result = await importEtcRecords(db, { tenantId, username: 'system' }, sheet());
      inserted += result.inserted;
    }
    return { fin_etc_record: inserted };
  },
};
