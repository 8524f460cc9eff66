// The demo's report channel (a simulated Fujian gateway the server answers itself, see
// modules/regulator/simulator.ts) and the backlog of reports of the audited demo notes: their drivers and
// vehicles first, then the electronic waybills, so a fresh start shows reports being accepted.
import { SHIPPING_STATUS } from '@freight/contracts';
import { eq, gte } from 'drizzle-orm';
import { hyShippingNote } from '../../modules/freight/index.ts';
import { ensureReported } from '../../modules/regulator/outbox.ts';
import { hyReportChannel } from '../../modules/regulator/schema.ts';
import { sm2KeyPair } from '../../modules/regulator/transport/crypto.ts';
import { encryptSecret, loadDataSourceKey } from '../../modules/system/index.ts';
import type { Db } from '../../platform/db/client.ts';
import { stableId } from '../seed.ts';
import type { DemoSeeder } from './types.ts';

export const DEMO_CHANNEL_ID = stableId('report-channel', 'fujian-demo');

export const regulatorSeeder: DemoSeeder = {
  name: 'regulator',
  async run(db: Db) {
    const [existing] = await db
      .select({ id: hyReportChannel.id })
      .from(hyReportChannel)
      .where(eq(hyReportChannel.id, DEMO_CHANNEL_ID));
    let channels = 0;
    if (!existing) {
      const key = await loadDataSourceKey(db);
      const pair = sm2KeyPair();
      const password = `demo-${pair.privateKey.slice(0, 12)}`;
      await db.insert(hyReportChannel).values({
        id: DEMO_CHANNEL_ID,
        channelName: '福建省网络货运监测（模拟）',
        province: '福建省',
        provinceCode: '350000',
        variant: 'fujian',
        enabled: true,
        environment: 'test',
        // Pointed at the in-process fake gateway each time the server starts.
        baseUrl: 'http://127.0.0.1',
        account: 'ZYT350000DEMO',
        senderCode: 'ZYT350000DEMO',
        password: encryptSecret(key, password),
        sm2PublicKeySecret: encryptSecret(key, pair.publicKey),
        sm2CipherMode: 'C1C3C2',
        format: 'json',
        tagCase: 'camel',
        successCodes: '1001',
        deadlineHours: 24,
        platformName: '智运通网络货运平台',
        platformCreditCode: '91320113MA1W8GXR5K',
        platformPermitNo: '闽交运管许可榕字350100000001号',
        simulated: true,
        simulatorKeySecret: encryptSecret(key, pair.privateKey),
        remark: '演示数据：由本系统内置的模拟省级监测平台应答',
        createBy: 'demo',
      });
      channels = 1;
    }
    const notes = await db
      .select()
      .from(hyShippingNote)
      .where(gte(hyShippingNote.status, SHIPPING_STATUS.audited));
    await db.transaction(async (tx) => {
      for (const note of notes) {
        const base = { tenantId: note.tenantId };
        await ensureReported(tx, {
          ...base,
          type: 'WLHY_JSY1001',
          businessId: note.driverId,
          businessNo: note.driverName,
        });
        await ensureReported(tx, {
          ...base,
          type: 'WLHY_CL1001',
          businessId: note.vehicleId,
          businessNo: note.plateNo,
        });
        await ensureReported(tx, {
          ...base,
          type: 'WLHY_YD1001',
          businessId: note.id,
          businessNo: note.shippingNoteNumber,
        });
      }
    });
    return { channels, waybills: notes.length };
  },
};
