import type { ReportVariant } from '@freight/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { SecretBox } from './channels.ts';
import { type FakeRegulator, startFakeRegulator } from './fake/fakeRegulator.ts';
import type { CodeTables } from './messages/rules.ts';
import { hyReportChannel } from './schema.ts';

// A simulated channel (the demo data's) is answered by the product's own fake provincial server, started in
// this process when the server starts; the channel's address is pointed at it. REGULATOR_FAKE_PORT fixes its
// port (any free port by default).

export async function startSimulatedChannels(
  db: Db,
  box: SecretBox,
  codes: CodeTables,
): Promise<FakeRegulator[]> {
  const rows = await db
    .select()
    .from(hyReportChannel)
    .where(and(eq(hyReportChannel.enabled, true), eq(hyReportChannel.simulated, true)));
  const started: FakeRegulator[] = [];
  const port = Number.parseInt(process.env.REGULATOR_FAKE_PORT ?? '', 10);
  for (const row of rows) {
    const fake = await startFakeRegulator({
      variant: row.variant as ReportVariant,
      account: row.account,
      password: await box.open(row.password),
      sm2PrivateKey: (await box.open(row.simulatorKeySecret)) || undefined,
      sm2CipherMode: row.sm2CipherMode === 'C1C2C3' ? 'C1C2C3' : 'C1C3C2',
      aesSecret: await box.open(row.aesSecret),
      aesIv: await box.open(row.aesIvSecret),
      codeMap: row.codeMap,
      codes,
      port: Number.isFinite(port) ? port + started.length : 0,
    });
    started.push(fake);
    await db
      .update(hyReportChannel)
      .set({ baseUrl: fake.url, updateTime: new Date() })
      .where(eq(hyReportChannel.id, row.id));
  }
  return started;
}
