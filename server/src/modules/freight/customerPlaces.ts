import { customerAddressResource, customerRouteResource, USER_TYPE } from '@freight/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { bizError } from '../../platform/http/errors.ts';
import { sessionOf } from '../../platform/http/signedIn.ts';
import { bindResource } from '../../platform/resource/bindResource.ts';
import { placeNames } from '../system/index.ts';
import { hyCustomerAddress, hyCustomerRoute } from './customerPlaceSchema.ts';
import { hyCustomer } from './schema.ts';

type Row = Record<string, unknown>;

// 常用地址 and 常用线路 of a shipper. A shipper's users keep their own shipper's
// (the engine's customer scope: another shipper's id answers 404); platform staff pick the shipper on add.

/** The shipper a new row belongs to: the party user's own (set by the engine), else the one staff picked. */
async function shipperOf(request: FastifyRequest, tx: DbOrTx, values: Row): Promise<Row> {
  const session = sessionOf(request);
  const customerSide =
    session.user.userType === USER_TYPE.customer || session.user.userType === USER_TYPE.customerAdmin;
  const customerId = customerSide ? session.user.cid : values.customerId;
  if (!customerId) throw bizError('请选择货主');
  const [customer] = await tx
    .select({ customerName: hyCustomer.customerName })
    .from(hyCustomer)
    .where(and(eq(hyCustomer.id, String(customerId)), eq(hyCustomer.tenantId, session.tenantId)));
  if (!customer) throw bizError('货主不存在');
  return { customerId, customerName: customer.customerName };
}

/** The stored customer of an edited row: a saved place never moves to another shipper. */
async function storedCustomer(
  tx: DbOrTx,
  table: typeof hyCustomerAddress | typeof hyCustomerRoute,
  id: string,
): Promise<string> {
  const [row] = await tx.select({ customerId: table.customerId }).from(table).where(eq(table.id, id));
  if (!row) throw bizError('记录不存在');
  return row.customerId;
}

export function customerPlaceRoutes(app: FastifyInstance, ctx: AppContext): void {
  bindResource(app, ctx, customerAddressResource, hyCustomerAddress, {
    async beforeWrite(values, mode, request, tx) {
      const out: Row = { ...values };
      if (mode === 'add') Object.assign(out, await shipperOf(request, tx, values));
      else {
        delete out.customerId;
        delete out.customerName;
      }
      const names = await placeNames(tx, String(values.areaCode));
      if (!names) throw bizError('行政区划代码不存在');
      out.province = names.province;
      out.city = names.city;
      out.district = names.district;
      return out;
    },
  });

  bindResource(app, ctx, customerRouteResource, hyCustomerRoute, {
    async beforeWrite(values, mode, request, tx) {
      const out: Row = { ...values };
      let customerId: string;
      if (mode === 'add') {
        Object.assign(out, await shipperOf(request, tx, values));
        customerId = String(out.customerId);
      } else {
        delete out.customerId;
        delete out.customerName;
        customerId = await storedCustomer(tx, hyCustomerRoute, String(values.id));
      }
      // Both ends are saved addresses of the same shipper.
      for (const [key, label] of [
        ['loadAddress', '装货地址'],
        ['unloadAddress', '卸货地址'],
      ] as const) {
        const [address] = await tx
          .select({ name: hyCustomerAddress.addressName })
          .from(hyCustomerAddress)
          .where(
            and(
              eq(hyCustomerAddress.id, String(values[`${key}Id`])),
              eq(hyCustomerAddress.customerId, customerId),
            ),
          );
        if (!address) throw bizError(`${label}不是该货主的常用地址`);
        out[`${key}Name`] = address.name;
      }
      return out;
    },
  });
}
