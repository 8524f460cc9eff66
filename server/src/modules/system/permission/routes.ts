import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { PermissionEntry, PermissionResult } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { UserGrants } from '../../../platform/access/grants.ts';
import type { AppContext } from '../../../platform/context.ts';
import { ok, serializeReply } from '../../../platform/http/envelope.ts';
import { unauthorized } from '../../../platform/http/errors.ts';
import { type PermissionRow, userGrants } from '../accessDirectory.ts';
import { sysPermission } from '../schema.ts';
import { buildMenuTree, buttonEntry, MENU_TYPE } from './menuTree.ts';

// The menu answer is derived from the grants and kept as encoded bytes: it lives exactly as long as the grants
// object it came from (dropped on any grant change in this process, else after the grants' 15 s). Building,
// serialising and compressing the admin's ~100 KB menu on every call was what made this the slowest call
// after login. Its `timestamp` is therefore the time the answer was built, not the time it is sent.
type MenuAnswer = { plain: Buffer; encoded: Map<Encoding, Promise<Buffer>> };
type Encoding = 'br' | 'gzip';
const answerCache = new WeakMap<UserGrants<PermissionRow>, Promise<MenuAnswer>>();
const negotiator = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip'] });
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const encoders: Record<Encoding, (plain: Buffer) => Promise<Buffer>> = {
  br: (plain) => brotli(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
  gzip: (plain) => gzipped(plain, { level: 9 }),
};

const answerOf = (result: PermissionResult): MenuAnswer => ({
  plain: Buffer.from(serializeReply(ok(result))),
  encoded: new Map(),
});

function encodedAnswer(answer: MenuAnswer, encoding: Encoding): Promise<Buffer> {
  let bytes = answer.encoded.get(encoding);
  if (!bytes) {
    bytes = encoders[encoding](answer.plain);
    answer.encoded.set(encoding, bytes);
  }
  return bytes;
}
// Per database, as the grants: every button of the menu, the same for every user of it.
let allAuthCaches = new WeakMap<object, { at: number; value: Promise<PermissionEntry[]> }>();
const ALL_AUTH_TTL_MS = 15_000;

export function permissionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  function allAuth(): Promise<PermissionEntry[]> {
    const hit = allAuthCaches.get(db);
    if (hit && Date.now() - hit.at < ALL_AUTH_TTL_MS) return hit.value;
    const value = db
      .select()
      .from(sysPermission)
      .where(eq(sysPermission.menuType, MENU_TYPE.button))
      .then((rows) => rows.filter((p) => p.delFlag === 0 && p.perms).map((p) => buttonEntry(p, true)));
    allAuthCaches.set(db, { at: Date.now(), value });
    return value;
  }

  async function build(grants: UserGrants<PermissionRow>): Promise<PermissionResult> {
    const auth = grants.permissions
      .filter((p) => p.menuType === MENU_TYPE.button && p.perms && p.status === '1')
      .map((p) => buttonEntry(p, false));
    return {
      menu: buildMenuTree(grants.permissions),
      auth,
      allAuth: await allAuth(),
      codes: [...grants.codes],
    };
  }

  app.get(
    '/sys/permission/getUserPermissionByToken',
    { config: { access: 'login' } },
    async (request, reply) => {
      if (!request.session) throw unauthorized();
      const grants = await userGrants.of(db, request.session.user.id);
      let answer = answerCache.get(grants);
      if (!answer) {
        answer = build(grants).then(answerOf);
        answerCache.set(grants, answer);
        answer.catch(() => answerCache.delete(grants));
      }
      const menu = await answer;
      const accepted = request.headers['accept-encoding'];
      const encoding = accepted ? negotiator.negotiate(accepted) : null;
      reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
      if (!encoding) return reply.send(menu.plain);
      return reply.header('content-encoding', encoding).send(await encodedAnswer(menu, encoding));
    },
  );
}

export function invalidateAllAuth(): void {
  allAuthCaches = new WeakMap();
}
