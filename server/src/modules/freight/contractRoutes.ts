import {
  carrierContractBody,
  frameworkContractBody,
  penaltyClauseBody,
  SHIPPING_STATUS,
  transportContractResource,
  USER_TYPE,
} from '@freight/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perm } from '../../platform/access/declare.ts';
import type { AppContext } from '../../platform/context.ts';
import { tablesWritten, totalsFollow } from '../../platform/db/tableWrites.ts';
import { lockTenantRow } from '../../platform/db/tenantRows.ts';
import { ok } from '../../platform/http/envelope.ts';
import { bizError, recordNotFound } from '../../platform/http/errors.ts';
import { PDF_TYPE, sendAttachment } from '../../platform/http/fileReplies.ts';
import { permitted } from '../../platform/http/permitted.ts';
import { bindResource } from '../../platform/resource/bindResource.ts';
import { hyTransportContract } from './contractSchema.ts';
import { actorOf } from './requestActor.ts';
import { hyShippingNote } from './shippingSchema.ts';
import {
  carrierPenaltyClause,
  setCarrierPenaltyClause,
  signCarrierContract,
  signFrameworkContract,
  verifyContract,
} from './transportContracts.ts';

// 运输合同: the contracts' list (a shipper sees its own, platform staff all), the signed PDF, its verification,
// and signing a contract that is missing (an accepted waybill from before contracts, a shipper's framework).

const c = hyTransportContract;
// Steps of a waybill (accept, cancel) write its contract.
totalsFollow(hyTransportContract, hyShippingNote);
const idQuery = z.object({ id: z.string().trim().min(1).max(32) });

/** Contracts are signed by the platform's staff (a shipper's own users only read theirs). */
function requireStaff(request: FastifyRequest) {
  const actor = actorOf(request);
  if (actor.userType !== USER_TYPE.system) throw bizError('该操作只能由平台运营人员办理');
  return actor;
}

export function contractRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const contracts = bindResource(app, ctx, transportContractResource, c, {
    // The PDF and the signature are read by their own routes, never with a list or a detail.
    hidden: ['pdf', 'signature'],
  });

  /** The contract within what the request may see (tenant, party, data rules): else 404. */
  const contractOf = async (request: FastifyRequest, id: string) => {
    const scope = await contracts.whereFor(request, {});
    const [row] = await db
      .select()
      .from(c)
      .where(and(eq(c.id, id), scope));
    if (!row) throw recordNotFound();
    return row;
  };

  r.get(
    '/shipping/contract/pdf',
    {
      config: { access: perm('shipping:contract:list'), audit: { operateType: 6, content: '下载运输合同' } },
      schema: { querystring: idQuery },
    },
    async (request, reply) => {
      const row = await contractOf(request, request.query.id);
      if (!row.pdf) throw bizError('合同尚未生成PDF');
      return sendAttachment(reply, PDF_TYPE, `运输合同${row.contractNo}.pdf`, row.pdf);
    },
  );

  r.get(
    '/shipping/contract/verify',
    permitted('shipping:contract:list', { querystring: idQuery }),
    async (request) => {
      const result = await verifyContract(db, await contractOf(request, request.query.id));
      return ok(result, result.message);
    },
  );

  // An accepted waybill without its contract (accepted before contracts existed) gets it signed now.
  r.post(
    '/shipping/contract/sign',
    permitted('shipping:contract:sign', { body: carrierContractBody }),
    async (request) => {
      const actor = requireStaff(request);
      const contract = await db.transaction(async (tx) => {
        const note = await lockTenantRow(
          tx,
          hyShippingNote,
          actor.tenantId,
          eq(hyShippingNote.id, request.body.noteId),
        );
        if (
          note.status < SHIPPING_STATUS.accepted ||
          note.status === SHIPPING_STATUS.cancelled ||
          note.status === SHIPPING_STATUS.void ||
          note.status === SHIPPING_STATUS.refused
        )
          throw bizError('运单尚未接单或已取消，不能签署承运合同');
        const row = await signCarrierContract(db, tx, note, actor);
        if (note.contractNo !== row.contractNo)
          await tx
            .update(hyShippingNote)
            .set({ contractNo: row.contractNo })
            .where(eq(hyShippingNote.id, note.id));
        return row;
      });
      tablesWritten(db, c);
      const { pdf: _pdf, signature: _signature, ...shown } = contract;
      return ok(shown, `合同${contract.contractNo}已签署`);
    },
  );

  // The carrier template's violation clause: without it a confirmed violation can carry no deduction.
  r.get(
    '/shipping/contract/clause',
    { config: { access: perm('shipping:contract:list') } },
    async (request) => ok(await carrierPenaltyClause(db, actorOf(request).tenantId)),
  );
  r.post(
    '/shipping/contract/clause',
    permitted('shipping:contract:clause', {
      body: penaltyClauseBody,
    }),
    async (request) => {
      const actor = requireStaff(request);
      const clause = await db.transaction((tx) =>
        setCarrierPenaltyClause(tx, actor.tenantId, request.body.penaltyPct, actor.username),
      );
      return ok(
        clause,
        clause.penaltyPct === null
          ? `承运合同模板第${clause.version}版已启用（无违规扣款条款）`
          : `承运合同模板第${clause.version}版已启用（违规扣款：运费的${clause.penaltyPct}%）`,
      );
    },
  );
  r.post(
    '/shipping/contract/framework',
    permitted('shipping:contract:sign', { body: frameworkContractBody }),
    async (request) => {
      const actor = requireStaff(request);
      const contract = await signFrameworkContract(db, actor, request.body);
      tablesWritten(db, c);
      const { pdf: _pdf, signature: _signature, ...shown } = contract;
      return ok(shown, `框架合同${contract.contractNo}已签署`);
    },
  );
}
