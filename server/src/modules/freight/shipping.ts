import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { complaintRoutes } from './complaints.ts';
import { contractRoutes } from './contractRoutes.ts';
import { orderRoutes } from './orders.ts';
import { positionRoutes } from './positions.ts';
import { shippingNoteRoutes } from './shippingNotes.ts';
import { trackSourceRoutes } from './trackSources.ts';
import { trackRoutes } from './tracks.ts';

/** Orders, shipping notes and their lists, transport contracts, tracks, complaints and evaluations. */
export function shippingModule(app: FastifyInstance, ctx: AppContext): void {
  orderRoutes(app, ctx);
  shippingNoteRoutes(app, ctx);
  trackRoutes(app, ctx);
  trackSourceRoutes(app, ctx);
  positionRoutes(app, ctx);
  complaintRoutes(app, ctx);
  contractRoutes(app, ctx);
}
