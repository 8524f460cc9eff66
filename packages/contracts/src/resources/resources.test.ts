import { describe, expect, it } from 'vitest';
import { type FieldDecls, fieldsOf, type ResourceDecl, storedColumnsOf } from '../resource.ts';
import { UNPAID_PAY_STATUSES } from '../shipping.ts';
import { bankResource, driverBankResource } from './banks.ts';
import { customerResource, customerUserResource } from './customers.ts';
import { orderResource } from './orders.ts';
import {
  agentResource,
  captainResource,
  carrierResource,
  driverResource,
  vehicleResource,
} from './parties.ts';
import { complaintResource, evaluationResource, noteListColumns, noteResource } from './shipping.ts';

// Each declaration keeps its own field names as types; here they are read alike.
const ALL = [
  driverResource,
  vehicleResource,
  carrierResource,
  captainResource,
  agentResource,
  bankResource,
  driverBankResource,
  customerResource,
  customerUserResource,
  orderResource,
  noteResource,
  complaintResource,
  evaluationResource,
] as unknown as ResourceDecl<FieldDecls>[];

describe('resource declarations', () => {
  it('name only their own fields in scope, sort, columns and views', () => {
    for (const decl of ALL) {
      const fields = new Set(fieldsOf(decl).map(([name]) => name));
      const filters = new Set(Object.keys(decl.filters ?? {}));
      const known = (name: string) => fields.has(name) || name === 'id';
      for (const kind of ['customer', 'agent', 'captain'] as const) {
        const column = decl.scope?.[kind];
        if (column) expect(known(column), `${decl.path} scope ${kind}`).toBe(true);
      }
      if (decl.defaultSort) expect(known(decl.defaultSort.field), decl.path).toBe(true);
      for (const name of decl.columns ?? []) expect(known(name), `${decl.path} column ${name}`).toBe(true);
      for (const [key, view] of Object.entries(decl.views ?? {})) {
        for (const name of [...Object.keys(view.where), ...(view.columns ?? [])])
          expect(known(name), `${decl.path} view ${key}: ${name}`).toBe(true);
        for (const name of view.search ?? [])
          expect(known(name) || filters.has(name), `${decl.path} view ${key} search ${name}`).toBe(true);
      }
      // A computed column is shown from stored fields.
      for (const [name, field] of fieldsOf(decl))
        for (const source of field.from ?? []) expect(known(source), `${decl.path} ${name} from`).toBe(true);
    }
  });

  it('let the law keep waybills: no generated add, edit, import or delete', () => {
    expect(noteResource.actions).toEqual(['export']);
  });

  it('put on the pay list what is still to pay the driver (pay status 0, 1, 5)', () => {
    expect(UNPAID_PAY_STATUSES).toEqual([0, 1, 5]);
    expect(noteResource.views?.pay?.where.payStatus).toEqual(UNPAID_PAY_STATUSES);
  });

  it('send a waybill list the stored columns its view shows, a route as its cities and addresses', () => {
    expect(storedColumnsOf(noteResource, 'track')).toEqual([
      'shippingNoteNumber',
      'status',
      'driverName',
      'plateNo',
      'loadCity',
      'unloadCity',
      'loadAddress',
      'unloadAddress',
      'loadTime',
      'unloadTime',
    ]);
    expect(noteListColumns('main')).not.toContain('feeTotal');
    expect(noteListColumns('main').length).toBeLessThan(30);
  });
});
