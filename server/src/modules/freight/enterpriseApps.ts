import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type EnterpriseAppCredentials,
  enterpriseAppBody,
  enterpriseAppResource,
  partyScopeOf,
} from '@freight/contracts';
import { and, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/client.ts';
import { tablesWritten } from '../../platform/db/tableWrites.ts';
import { ok } from '../../platform/http/envelope.ts';
import { bizError, recordNotFound } from '../../platform/http/errors.ts';
import { permitted } from '../../platform/http/permitted.ts';
import { sessionOf } from '../../platform/http/signedIn.ts';
import { bindResource } from '../../platform/resource/bindResource.ts';
import { formSchemas } from '../../platform/resource/formSchemas.ts';
import { decryptSecret, encryptSecret, loadDataSourceKey } from '../system/index.ts';
import { hyEnterpriseApp } from './appSchema.ts';
import { findCustomer } from './customerSettlement.ts';

// 企业应用: app keys and secrets of customers' own systems. The secret is shown once (at creation and
// at each rotation) and kept encrypted with the data-source key, not hashed: the server must recompute the
// HMAC of every signed call and sign every webhook with it (docs/decisions.md).

type Row = Record<string, unknown>;
export type EnterpriseApp = typeof hyEnterpriseApp.$inferSelect;

const idBody = z.object({ id: z.string().min(1).max(32) });

/** The data-source key of a database, loaded once. */
const keys = new WeakMap<object, Promise<Buffer>>();
export function secretKeyOf(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = loadDataSourceKey(db);
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

export async function appSecretOf(db: Db, app: Pick<EnterpriseApp, 'secretCipher'>): Promise<string> {
  return decryptSecret(await secretKeyOf(db), app.secretCipher);
}

function newCredentials(): { appKey: string; appSecret: string } {
  return {
    appKey: `ent_${randomBytes(12).toString('hex')}`,
    appSecret: randomBytes(32).toString('base64url'),
  };
}

export const sha256Hex = (value: string | Buffer) => createHash('sha256').update(value).digest('hex');
export const hmacHex = (secret: string, value: string) =>
  createHmac('sha256', secret).update(value, 'utf8').digest('hex');

/** Constant-time comparison of two hex signatures. */
export function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given.toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What a signed call signs: method, path with query, timestamp, nonce and the body's SHA-256, a line each. */
export function stringToSign(
  method: string,
  pathWithQuery: string,
  timestamp: string,
  nonce: string,
  body: string | Buffer,
): string {
  return [method.toUpperCase(), pathWithQuery, timestamp, nonce, sha256Hex(body)].join('\n');
}

const splitList = (value: string | null | undefined): string[] =>
  (value ?? '')
    .split(/[\s,;]+/)
    .map((v) => v.trim())
    .filter(Boolean);
export const scopesOf = (app: Pick<EnterpriseApp, 'scopes'>) => splitList(app.scopes);
export const ipListOf = (app: Pick<EnterpriseApp, 'ipAllowList'>) => splitList(app.ipAllowList);

/** The request's tenant, and its customer for a customer user (agents and captains have no apps). */
function ownerCondition(request: FastifyRequest): SQL | undefined {
  const session = sessionOf(request);
  const party = partyScopeOf(session.user.userType);
  if (party && party !== 'customer') throw recordNotFound();
  return and(
    eq(hyEnterpriseApp.tenantId, session.tenantId),
    party === 'customer' ? eq(hyEnterpriseApp.customerId, session.user.cid ?? '') : undefined,
  );
}

export function enterpriseAppRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  /** The plain secret made by an add, for its answer only. */
  const madeSecrets = new WeakMap<FastifyRequest, string>();
  const editCode = `${enterpriseAppResource.permission}:edit`;
  // Loaded before any write: on PGlite's single connection a first load inside the add's transaction would
  // wait for that very transaction.
  app.addHook('onReady', async () => {
    await secretKeyOf(db);
  });

  bindResource(app, ctx, enterpriseAppResource, hyEnterpriseApp, {
    dataLog: true,
    hidden: ['secretCipher'],
    ...formSchemas(enterpriseAppBody),
    async beforeWrite(values, mode, request, tx) {
      const session = sessionOf(request);
      const out: Row = { ...values };
      out.scopes = (out.scopes as string[]).join(',');
      out.ipAllowList = ((out.ipAllowList as string[] | undefined) ?? []).join('\n') || null;
      out.webhookUrl = out.webhookUrl || null;
      // Written by the server only.
      delete out.appKey;
      delete out.secretCipher;
      delete out.secretHint;
      delete out.lastUsedAt;
      delete out.customerName;
      if (mode === 'edit') {
        // An app stays with the customer it was made for.
        delete out.customerId;
        return out;
      }
      if (!out.customerId) throw bizError('请选择货主');
      const customer = await findCustomer(tx, session.tenantId, String(out.customerId));
      if (!customer) throw bizError('货主(customerId)不存在');
      out.customerName = customer.customerName;
      const { appKey, appSecret } = newCredentials();
      madeSecrets.set(request, appSecret);
      out.appKey = appKey;
      out.secretCipher = encryptSecret(await secretKeyOf(db), appSecret);
      out.secretHint = appSecret.slice(-4);
      return out;
    },
    addAnswer: (row, request): EnterpriseAppCredentials => ({
      id: String(row.id),
      appKey: String(row.appKey),
      appSecret: madeSecrets.get(request) ?? '',
    }),
  });

  const r = app.withTypeProvider<ZodTypeProvider>();

  // A new secret, shown once; the old one stops working at once.
  r.post(
    `${enterpriseAppResource.path}/rotateSecret`,
    permitted(`${enterpriseAppResource.permission}:rotate`, { body: idBody }),
    async (request) => {
      const session = sessionOf(request);
      const { appSecret } = newCredentials();
      const [row] = await db
        .update(hyEnterpriseApp)
        .set({
          secretCipher: encryptSecret(await secretKeyOf(db), appSecret),
          secretHint: appSecret.slice(-4),
          updateBy: session.user.username,
          updateTime: new Date(),
        })
        .where(and(eq(hyEnterpriseApp.id, request.body.id), ownerCondition(request)))
        .returning({ id: hyEnterpriseApp.id, appKey: hyEnterpriseApp.appKey });
      if (!row) throw recordNotFound();
      tablesWritten(db, hyEnterpriseApp);
      const answer: EnterpriseAppCredentials = { id: row.id, appKey: row.appKey, appSecret };
      return ok(answer, '已更换密钥，旧密钥立即失效。请立即保存新密钥，它不会再次显示');
    },
  );

  r.post(
    `${enterpriseAppResource.path}/enable`,
    permitted(editCode, { body: idBody.extend({ enabled: z.boolean() }) }),
    async (request) => {
      const session = sessionOf(request);
      const [row] = await db
        .update(hyEnterpriseApp)
        .set({ enabled: request.body.enabled, updateBy: session.user.username, updateTime: new Date() })
        .where(and(eq(hyEnterpriseApp.id, request.body.id), ownerCondition(request)))
        .returning({ id: hyEnterpriseApp.id });
      if (!row) throw recordNotFound();
      tablesWritten(db, hyEnterpriseApp);
      return ok(null, request.body.enabled ? '已启用' : '已停用');
    },
  );
}
