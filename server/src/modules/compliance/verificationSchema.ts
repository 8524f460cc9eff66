import { boolean, index, integer, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { tenantRowTable } from '../../platform/db/businessTable.ts';
import { idRef, tstz } from '../../platform/db/columns.ts';
import { agentCaptainColumns } from '../../platform/db/freightColumns.ts';

// Identity checks: one row per check of a subject (driver, vehicle, carrier, bank card) with an outside authority.
// A pending row (the provider did not answer in time) is asked again by the retry job until it answers.

export const complianceVerification = tenantRowTable(
  'compliance_verification',
  {
    subjectType: varchar('subject_type', { length: 16 }).notNull(),
    subjectId: idRef('subject_id').notNull(),
    /** Name or plate as the subject had it when checked (the list shows it without a join). */
    subjectName: varchar('subject_name', { length: 100 }),
    kind: varchar('kind', { length: 24 }).notNull(),
    provider: varchar('provider', { length: 60 }).notNull(),
    /** The provider's correlation id: answers for an unknown one are ignored. */
    requestId: varchar('request_id', { length: 64 }).notNull(),
    /** pass, fail, pending. */
    result: varchar('result', { length: 8 }).notNull(),
    reason: varchar('reason', { length: 255 }),
    /** SHA-256 of what was asked: a change of the certificate asks again, the same values do not. */
    inputHash: varchar('input_hash', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(1),
    nextRetryAt: tstz('next_retry_at'),
    operator: varchar('operator', { length: 64 }),
    checkedAt: tstz('checked_at').defaultNow().notNull(),
    answeredAt: tstz('answered_at'),
    ...agentCaptainColumns(),
  },
  (t) => [
    uniqueIndex('compliance_verification_request_uidx').on(t.requestId),
    index('compliance_verification_subject_idx').on(t.subjectType, t.subjectId, t.kind, t.checkedAt),
    index('compliance_verification_list_idx').on(t.tenantId, t.checkedAt),
    index('compliance_verification_retry_idx').on(t.result, t.nextRetryAt),
  ],
);

/** Face-liveness results the driver app reports; the ID two-factor check of the driver reads the latest. */
export const complianceLiveness = tenantRowTable(
  'compliance_liveness',
  {
    driverId: idRef('driver_id').notNull(),
    passed: boolean('passed').notNull(),
    /** The app's liveness score, 0..100, when it reports one. */
    score: integer('score'),
    reportedBy: varchar('reported_by', { length: 64 }),
    reportedAt: tstz('reported_at').defaultNow().notNull(),
  },
  (t) => [index('compliance_liveness_driver_idx').on(t.driverId, t.reportedAt)],
);
