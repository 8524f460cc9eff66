import {
  DEFAULT_SUCCESS_CODES,
  REPORT_MSG,
  type ReportVariant,
  reportChannelBody,
  reportChannelEditBody,
  reportChannelResource,
} from '@freight/contracts';
import { eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perm } from '../../platform/access/declare.ts';
import type { Session } from '../../platform/auth/session.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { tablesWritten } from '../../platform/db/tableWrites.ts';
import { ofTenant } from '../../platform/db/tenantRows.ts';
import { ok } from '../../platform/http/envelope.ts';
import { bizError, unauthorized } from '../../platform/http/errors.ts';
import { bindResource } from '../../platform/resource/bindResource.ts';
import { decryptSecret, encryptSecret, loadDataSourceKey } from '../system/index.ts';
import { hyReportChannel } from './schema.ts';
import type { ReportClient } from './transport/client.ts';
import { isSm2PublicKey } from './transport/crypto.ts';
import type { ChannelSettings } from './transport/types.ts';

// 上报通道: one row per province. Secrets are encrypted at rest with the platform key, never answered (lists
// show '******' when set), never exported or logged; an edit that leaves them blank or masked keeps them.

export type ChannelRow = typeof hyReportChannel.$inferSelect;
type Row = Record<string, unknown>;

const MASK = '******';
const SECRET_FIELDS = ['password', 'sm2PublicKeySecret', 'aesSecret', 'aesIvSecret'] as const;
const SM2_VARIANTS: ReadonlySet<ReportVariant> = new Set(['fujian', 'tianjin', 'gansu']);

/** The platform key, loaded once per database (writes need it inside their transaction). */
export class SecretBox {
  private key: Promise<Buffer> | null = null;
  constructor(private readonly db: Db) {}

  load(): Promise<Buffer> {
    this.key ??= loadDataSourceKey(this.db);
    return this.key;
  }

  async seal(plain: string): Promise<string> {
    return encryptSecret(await this.load(), plain);
  }

  async open(stored: string | null | undefined): Promise<string> {
    return stored ? decryptSecret(await this.load(), stored) : '';
  }
}

export function successCodesOf(row: Pick<ChannelRow, 'successCodes' | 'variant'>): string[] {
  const listed = (row.successCodes ?? '')
    .split(/[,，\s]+/)
    .map((c) => c.trim())
    .filter(Boolean);
  return listed.length ? listed : [DEFAULT_SUCCESS_CODES[row.variant as ReportVariant]];
}

/** A channel row with its secrets opened, for the adapters only. */
export async function settingsOf(box: SecretBox, row: ChannelRow): Promise<ChannelSettings> {
  return {
    id: row.id,
    variant: row.variant as ReportVariant,
    baseUrl: row.baseUrl,
    loginPath: row.loginPath,
    sendPath: row.sendPath,
    account: row.account,
    senderCode: row.senderCode || row.account,
    provinceCode: row.provinceCode,
    password: await box.open(row.password),
    sm2PublicKey: await box.open(row.sm2PublicKeySecret),
    sm2CipherMode: row.sm2CipherMode === 'C1C2C3' ? 'C1C2C3' : 'C1C3C2',
    aesSecret: await box.open(row.aesSecret),
    aesIv: await box.open(row.aesIvSecret),
    format: row.format === 'xml' ? 'xml' : 'json',
    tagCase: row.tagCase === 'pascal' ? 'pascal' : 'camel',
    successCodes: successCodesOf(row),
    codeMap: row.codeMap ?? null,
    platform: {
      name: row.platformName,
      creditCode: row.platformCreditCode,
      permitNumber: row.platformPermitNo,
    },
    version: String((row.updateTime ?? row.createTime).getTime()),
  };
}

export async function activeChannel(db: DbOrTx, tenantId: number): Promise<ChannelRow | undefined> {
  const [row] = await db
    .select()
    .from(hyReportChannel)
    .where(ofTenant(hyReportChannel, tenantId, eq(hyReportChannel.enabled, true)))
    .limit(1);
  return row;
}

export async function channelById(db: DbOrTx, id: string): Promise<ChannelRow | undefined> {
  const [row] = await db.select().from(hyReportChannel).where(eq(hyReportChannel.id, id));
  return row;
}

const blankOrMasked = (value: unknown) =>
  value === undefined || value === null || value === '' || value === MASK;

export function channelRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  box: SecretBox,
  client: ReportClient,
): void {
  // Loaded before the first request: writes need it inside their transaction, where the embedded database
  // (one connection) cannot run a second query.
  app.addHook('onReady', async () => {
    await box.load();
  });

  bindResource(app, ctx, reportChannelResource, hyReportChannel, {
    createSchema: reportChannelBody,
    updateSchema: reportChannelEditBody,
    // The simulator's private key is the fake gateway's, never the console's.
    hidden: ['simulatorKeySecret'],
    async beforeWrite(values, mode, request, tx) {
      const tenantId = request.session?.tenantId ?? 0;
      let stored: ChannelRow | undefined;
      if (mode === 'edit') stored = await channelById(tx, String(values.id));
      for (const key of SECRET_FIELDS) {
        if (blankOrMasked(values[key])) {
          if (mode === 'edit') delete values[key];
          else values[key] = null;
        } else {
          values[key] = await box.seal(String(values[key]).trim());
        }
      }
      const variant = values.variant as ReportVariant;
      const hasSecret = (key: (typeof SECRET_FIELDS)[number]) => Boolean(values[key] ?? stored?.[key]);
      if (!hasSecret('password')) throw bizError('请填写接入密码');
      if (SM2_VARIANTS.has(variant)) {
        if (!hasSecret('sm2PublicKeySecret')) throw bizError('该接入规范须配置省平台SM2公钥');
        const sent = (request.body as Row).sm2PublicKeySecret;
        if (typeof sent === 'string' && !blankOrMasked(sent) && !isSm2PublicKey(sent.trim()))
          throw bizError('SM2公钥须为04开头的130位十六进制（未压缩公钥）');
      }
      if (variant === 'shaanxi' && (!hasSecret('aesSecret') || !hasSecret('aesIvSecret')))
        throw bizError('陕西接入规范须配置AES密钥和向量');
      // One active channel per platform: enabling this one stands the others down in the same transaction.
      if (values.enabled)
        await tx
          .update(hyReportChannel)
          .set({ enabled: false, updateTime: new Date() })
          .where(
            ofTenant(
              hyReportChannel,
              tenantId,
              eq(hyReportChannel.enabled, true),
              mode === 'edit' ? ne(hyReportChannel.id, String(values.id)) : undefined,
            ),
          );
      return values;
    },
  });

  /** The caller's session and the channel `id` of its tenant; another tenant's channel is not found. */
  const ownChannel = async (session: Session | null, id: string) => {
    if (!session) throw unauthorized();
    const row = await channelById(ctx.db, id);
    if (!row || row.tenantId !== session.tenantId) throw bizError(REPORT_MSG.channelNotFound);
    return { session, row };
  };
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Makes this the one active channel: the others stand down in the same transaction (their settings stay).
  r.post(
    '/report/channel/enable',
    {
      config: { access: perm('report:channel:edit') },
      schema: { body: z.object({ id: z.string().min(1).max(32) }) },
    },
    async (request) => {
      const { session, row } = await ownChannel(request.session, request.body.id);
      await ctx.db.transaction(async (tx) => {
        const now = new Date();
        await tx
          .update(hyReportChannel)
          .set({ enabled: false, updateTime: now })
          .where(
            ofTenant(
              hyReportChannel,
              session.tenantId,
              eq(hyReportChannel.enabled, true),
              ne(hyReportChannel.id, row.id),
            ),
          );
        await tx
          .update(hyReportChannel)
          .set({ enabled: true, updateTime: now, updateBy: session.user.username })
          .where(eq(hyReportChannel.id, row.id));
      });
      tablesWritten(ctx.db, hyReportChannel);
      return ok({ id: row.id }, `已启用上报通道：${row.channelName}`);
    },
  );

  r.post(
    '/report/channel/testConnection',
    {
      config: { access: perm('report:channel:test') },
      schema: { body: z.object({ id: z.string().min(1).max(32) }) },
    },
    async (request) => {
      const { row } = await ownChannel(request.session, request.body.id);
      const answer = await client.testConnection(await settingsOf(box, row));
      // The province's answer, never the token.
      const result = { ok: answer.ok, code: answer.code, message: answer.message, response: answer.response };
      return ok(
        result,
        answer.ok ? `登录成功（${answer.code}）` : `登录失败：${answer.message || answer.code}`,
      );
    },
  );
}
