import {
  computeNoteMoney,
  formatDateTime,
  formatFen,
  formatTonnes,
  type NoteMoney,
  type NoteMoneyInputs,
  PLATFORM_TIME_ZONE,
} from '@freight/contracts';
import type { hyOrder, hyShippingNote } from './shippingSchema.ts';

type OrderRow = typeof hyOrder.$inferSelect;
type NoteRow = typeof hyShippingNote.$inferSelect;

/** The money inputs a note (or its order) carries: the snapshot the rules compute from. */
export function moneyInputsOf(
  row: Pick<
    OrderRow,
    | 'priceMode'
    | 'driverUnitPriceFen'
    | 'settleWeightBasis'
    | 'lossAllowanceMode'
    | 'lossAllowanceValue'
    | 'lossUnitPriceFen'
    | 'lossDeductWhole'
    | 'serviceFeeMode'
    | 'serviceFeeValue'
    | 'orderMode'
    | 'agentFeeMode'
    | 'agentFeeValue'
    | 'fuelCardMode'
    | 'fuelCardValue'
    | 'etcMode'
    | 'etcValue'
    | 'prepayMode'
    | 'prepayValue'
  >,
  otherDeductionFen = 0,
): NoteMoneyInputs {
  return {
    priceMode: row.priceMode,
    driverUnitPriceFen: row.driverUnitPriceFen,
    settleWeightBasis: row.settleWeightBasis,
    lossAllowanceMode: row.lossAllowanceMode,
    lossAllowanceValue: row.lossAllowanceValue,
    lossUnitPriceFen: row.lossUnitPriceFen,
    lossDeductWhole: row.lossDeductWhole,
    otherDeductionFen,
    serviceFeeMode: row.serviceFeeMode,
    serviceFeeValue: row.serviceFeeValue,
    orderMode: row.orderMode,
    agentFeeMode: row.agentFeeMode,
    agentFeeValue: row.agentFeeValue,
    fuelCard: { mode: row.fuelCardMode, value: row.fuelCardValue },
    etc: { mode: row.etcMode, value: row.etcValue },
    prepay: { mode: row.prepayMode, value: row.prepayValue },
  };
}

/** The computed columns of a note for the given weights (planned weight stands in until weighed). */
export function noteMoneyColumns(inputs: NoteMoneyInputs, loadWeightG: number, unloadWeightG: number) {
  const m: NoteMoney = computeNoteMoney(inputs, { loadWeightG, unloadWeightG });
  return {
    settleWeightG: m.settleWeightG,
    lossWeightG: m.lossWeightG,
    lossAllowanceG: m.lossAllowanceG,
    lossDeductionFen: m.lossDeductionFen,
    otherDeductionFen: m.otherDeductionFen,
    driverFreightFen: m.driverFreightFen,
    driverFee: m.driverFee,
    serviceFee: m.serviceFee,
    agentFee: m.agentFee,
    customerFee: m.customerFee,
    fuelCardFen: m.fuelCardFen,
    etcFen: m.etcFen,
    prepayFen: m.prepayFen,
    finalPayFen: m.finalPayFen,
  };
}

/** Recomputes a stored note with new weights or deductions (weights not yet known fall back in turn). */
export function recomputeNote(
  note: NoteRow,
  change: { loadWeightG?: number | null; unloadWeightG?: number | null; otherDeductionFen?: number },
) {
  const load = change.loadWeightG ?? note.loadWeightG ?? note.plannedWeightG;
  const unload = change.unloadWeightG ?? note.unloadWeightG ?? load;
  return noteMoneyColumns(
    moneyInputsOf(note, change.otherDeductionFen ?? note.otherDeductionFen),
    load,
    unload,
  );
}

/** Today in China time as 'YYYY-MM-DD' (settlement due days are calendar days there). */
export function chinaToday(now = new Date()): string {
  return formatDateTime(now, PLATFORM_TIME_ZONE).slice(0, 10);
}

/** Export cells: money as yuan text, weights as tonnes; hidden fees stay '--'. */
export const fenCell = (value: unknown) =>
  value === '--' || value === null || value === undefined ? (value ?? '') : formatFen(value as number);
export const tonnesCell = (value: unknown) =>
  value === null || value === undefined ? '' : formatTonnes(value as number);
