import { MSG } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../platform/db/client.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { bizError, unauthorized } from '../../../platform/http/errors.ts';
import type { DictCache } from './cache.ts';
import { loadTableDictItems, tableDictOf } from './tableDicts.ts';

const dictCode = z.object({ code: z.string().max(500) });

export function dictRoutes(app: FastifyInstance, dicts: DictCache, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/sys/dict/queryAllDictItems', { config: { access: 'login' } }, async () => ok(dicts.all()));

  r.get('/sys/dict/refleshCache', { config: { access: 'login' } }, async () => {
    await dicts.reload();
    return ok(null, MSG.cacheRefreshed);
  });

  r.get(
    '/sys/dict/getDictItems/:code',
    { config: { access: 'login' }, schema: { params: dictCode } },
    async (request) => {
      const code = request.params.code.trim();
      if (!code) throw bizError(MSG.dictCodeRequired);
      if (!code.includes(',')) return ok(dicts.items(code));
      const dict = tableDictOf(code, request.session);
      if (!dict) throw bizError('字典Code格式不正确！');
      if (!request.session) throw unauthorized();
      return ok(await loadTableDictItems(db, dict, request.session, { limit: 500 }));
    },
  );

  r.get(
    '/sys/dict/loadDictItem/:code',
    {
      config: { access: 'login' },
      schema: { params: dictCode, querystring: z.object({ key: z.string().max(2000) }) },
    },
    async (request) => {
      const keys = request.query.key.split(',').slice(0, 200);
      const code = request.params.code.trim();
      if (!code.includes(',')) return ok(keys.map((key) => dicts.text(code, key) ?? key));
      const dict = tableDictOf(code, request.session);
      if (!dict) throw bizError('字典Code格式不正确！');
      if (!request.session) throw unauthorized();
      const items = await loadTableDictItems(db, dict, request.session, { keys, limit: 200 });
      const byValue = new Map(items.map((i) => [i.value, i.text]));
      return ok(keys.map((key) => byValue.get(key) ?? key));
    },
  );

  r.get(
    '/sys/dict/loadDict/:code',
    {
      config: { access: 'login' },
      schema: {
        params: dictCode,
        querystring: z.object({
          keyword: z.string().max(100).optional(),
          pageSize: z.coerce.number().int().min(1).max(50).default(10),
        }),
      },
    },
    async (request) => {
      const code = request.params.code.trim();
      if (!code) throw bizError(MSG.dictCodeRequired);
      const keyword = request.query.keyword?.trim() ?? '';
      if (!code.includes(',')) {
        const items = dicts.items(code).filter((i) => !keyword || i.text.includes(keyword));
        return ok(items.slice(0, request.query.pageSize));
      }
      const dict = tableDictOf(code, request.session);
      if (!dict) throw bizError('字典Code格式不正确！');
      if (!request.session) throw unauthorized();
      return ok(
        await loadTableDictItems(db, dict, request.session, { keyword, limit: request.query.pageSize }),
      );
    },
  );
}
