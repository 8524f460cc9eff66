// Money of one shipping note (domain.md "Money rules"): integer fen, integer grams, rates in basis points
// (1/10000) or per mille. All arithmetic runs on bigint, so no floating-point value ever touches money;
// every division rounds half up (the amounts are never negative where a division happens).

/** Price mode of an order: per tonne or per trip. */
export const PRICE_MODE = { perTonne: 1, perTrip: 2 } as const;
/** Which weight the freight is settled on (domain.md: load, unload, or the smaller). */
export const SETTLE_WEIGHT_BASIS = { load: 1, unload: 2, min: 3 } as const;
/** Loss allowance: a fixed weight per vehicle, or per mille of the loaded weight. */
export const LOSS_ALLOWANCE_MODE = { fixedGrams: 1, perMille: 2 } as const;
/** Service fee rule of the customer: % of driver fee, gross-up driver/(1−rate), per tonne, per trip. */
export const SERVICE_FEE_MODE = { percent: 1, grossUp: 2, perTonne: 3, perTrip: 4 } as const;
/** Agent commission (hy_agent.fee_mode): per tonne, per trip, percent of the driver fee. */
export const AGENT_FEE_MODE = { perTonne: 1, perTrip: 2, percent: 3 } as const;
/** A share of the driver fee paid another way (fuel card, ETC, prepay): none, ratio, fixed amount. */
export const SHARE_MODE = { none: 0, ratio: 1, fixed: 2 } as const;

export interface Share {
  mode: number;
  /** Basis points for a ratio, fen for a fixed amount. */
  value: number;
}

/** The money inputs snapshotted on a note when it is dispatched (copied from the order and customer). */
export interface NoteMoneyInputs {
  priceMode: number;
  /** Fen per tonne (per-tonne mode) or per trip. */
  driverUnitPriceFen: number;
  settleWeightBasis: number;
  lossAllowanceMode: number;
  /** Grams (fixed mode) or per mille of the loaded weight. */
  lossAllowanceValue: number;
  /** Fen per tonne of deductible loss (≈ the goods' value). */
  lossUnitPriceFen: number;
  /** Once over the allowance, deduct the whole loss, not only the excess. */
  lossDeductWhole: boolean;
  /** Other deductions agreed on the note, fen. */
  otherDeductionFen: number;
  serviceFeeMode: number;
  /** Basis points (percent, gross-up) or fen (per tonne, per trip). */
  serviceFeeValue: number;
  /** Agent commission applies on agent orders (orderMode 3) only. */
  orderMode: number;
  agentFeeMode: number;
  /** Fen (per tonne, per trip) or basis points (percent). */
  agentFeeValue: number;
  fuelCard: Share;
  etc: Share;
  prepay: Share;
}

export interface NoteWeights {
  loadWeightG: number;
  unloadWeightG: number;
}

export interface NoteMoney {
  settleWeightG: number;
  /** load − unload; 0 on a gain (涨吨). */
  lossWeightG: number;
  lossAllowanceG: number;
  deductibleLossG: number;
  lossDeductionFen: number;
  otherDeductionFen: number;
  /** Unit price × settle weight (or the trip price), before deductions. */
  driverFreightFen: number;
  /** What the driver is owed: freight − loss deduction − other deductions, never below 0. */
  driverFee: number;
  serviceFee: number;
  agentFee: number;
  /** driverFee + serviceFee + agentFee: what the customer pays (and the regulator is told). */
  customerFee: number;
  fuelCardFen: number;
  etcFen: number;
  prepayFen: number;
  /** driverFee − fuel card − ETC − prepay. */
  finalPayFen: number;
}

const GRAMS_PER_TONNE = 1_000_000n;
const BP = 10_000n;

const big = (value: number, name: string): bigint => {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be a safe integer: ${value}`);
  return BigInt(value);
};

/** a × b / d rounded half up, for non-negative a, b and positive d. */
export function mulDivRound(a: bigint, b: bigint, d: bigint): bigint {
  if (d <= 0n) throw new RangeError('divisor must be positive');
  const product = a * b;
  if (product < 0n) throw new RangeError('mulDivRound expects non-negative operands');
  return (product * 2n + d) / (2n * d);
}

const num = (value: bigint): number => {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`amount out of range: ${value}`);
  return n;
};

/** The weight the freight is settled on (domain.md: load, unload, or the smaller of the two). */
export function settleWeight(basis: number, weights: NoteWeights): number {
  switch (basis) {
    case SETTLE_WEIGHT_BASIS.load:
      return weights.loadWeightG;
    case SETTLE_WEIGHT_BASIS.unload:
      return weights.unloadWeightG;
    case SETTLE_WEIGHT_BASIS.min:
      return Math.min(weights.loadWeightG, weights.unloadWeightG);
    default:
      throw new RangeError(`unknown settle weight basis ${basis}`);
  }
}

export interface LossResult {
  lossWeightG: number;
  lossAllowanceG: number;
  deductibleLossG: number;
  lossDeductionFen: number;
}

/**
 * Loss (亏吨), domain.md: loss = load − unload (a gain deducts nothing); allowance = fixed grams per
 * vehicle or load × ‰; deduction = max(0, loss − allowance) × loss unit price, rounded to the fen.
 * With `deductWhole` the whole loss is deducted once it exceeds the allowance.
 */
export function lossDeduction(
  inputs: Pick<
    NoteMoneyInputs,
    'lossAllowanceMode' | 'lossAllowanceValue' | 'lossUnitPriceFen' | 'lossDeductWhole'
  >,
  weights: NoteWeights,
): LossResult {
  const load = big(weights.loadWeightG, 'loadWeightG');
  const unload = big(weights.unloadWeightG, 'unloadWeightG');
  const loss = load > unload ? load - unload : 0n;
  const value = big(inputs.lossAllowanceValue, 'lossAllowanceValue');
  let allowance: bigint;
  if (inputs.lossAllowanceMode === LOSS_ALLOWANCE_MODE.fixedGrams) allowance = value;
  else if (inputs.lossAllowanceMode === LOSS_ALLOWANCE_MODE.perMille)
    allowance = mulDivRound(load, value, 1000n);
  else throw new RangeError(`unknown loss allowance mode ${inputs.lossAllowanceMode}`);
  let deductible = loss > allowance ? loss - allowance : 0n;
  if (inputs.lossDeductWhole && loss > allowance) deductible = loss;
  const fen = mulDivRound(deductible, big(inputs.lossUnitPriceFen, 'lossUnitPriceFen'), GRAMS_PER_TONNE);
  return {
    lossWeightG: num(loss),
    lossAllowanceG: num(allowance),
    deductibleLossG: num(deductible),
    lossDeductionFen: num(fen),
  };
}

/** Unit price × settle weight for per-tonne orders; the trip price for per-trip orders. */
export function driverFreight(priceMode: number, unitPriceFen: number, settleWeightG: number): number {
  const price = big(unitPriceFen, 'driverUnitPriceFen');
  if (priceMode === PRICE_MODE.perTrip) return num(price);
  if (priceMode !== PRICE_MODE.perTonne) throw new RangeError(`unknown price mode ${priceMode}`);
  return num(mulDivRound(price, big(settleWeightG, 'settleWeightG'), GRAMS_PER_TONNE));
}

/** Service fee of the customer's rule (domain.md): % of the driver fee, gross-up, per tonne or per trip. */
export function serviceFee(mode: number, value: number, driverFee: number, settleWeightG: number): number {
  const v = big(value, 'serviceFeeValue');
  const fee = big(driverFee, 'driverFee');
  switch (mode) {
    case SERVICE_FEE_MODE.percent:
      return num(mulDivRound(fee, v, BP));
    case SERVICE_FEE_MODE.grossUp: {
      // customer pays driver / (1 − rate): the platform's fee is that total minus the driver fee.
      if (v >= BP) throw new RangeError('gross-up rate must be below 100%');
      return num(mulDivRound(fee, BP, BP - v) - fee);
    }
    case SERVICE_FEE_MODE.perTonne:
      return num(mulDivRound(v, big(settleWeightG, 'settleWeightG'), GRAMS_PER_TONNE));
    case SERVICE_FEE_MODE.perTrip:
      return num(v);
    default:
      throw new RangeError(`unknown service fee mode ${mode}`);
  }
}

/** Agent commission: only agent orders (orderMode 3) carry one (domain.md). */
export function agentFee(
  orderMode: number,
  mode: number,
  value: number,
  driverFee: number,
  settleWeightG: number,
): number {
  if (orderMode !== 3) return 0;
  const v = big(value, 'agentFeeValue');
  switch (mode) {
    case AGENT_FEE_MODE.perTonne:
      return num(mulDivRound(v, big(settleWeightG, 'settleWeightG'), GRAMS_PER_TONNE));
    case AGENT_FEE_MODE.perTrip:
      return num(v);
    case AGENT_FEE_MODE.percent:
      return num(mulDivRound(big(driverFee, 'driverFee'), v, BP));
    default:
      throw new RangeError(`unknown agent fee mode ${mode}`);
  }
}

/** One share of the driver fee, never more than what is left of it. */
export function shareAmount(share: Share, driverFee: number, remaining: number): number {
  let amount: bigint;
  switch (share.mode) {
    case SHARE_MODE.none:
      return 0;
    case SHARE_MODE.ratio:
      amount = mulDivRound(big(driverFee, 'driverFee'), big(share.value, 'share'), BP);
      break;
    case SHARE_MODE.fixed:
      amount = big(share.value, 'share');
      break;
    default:
      throw new RangeError(`unknown share mode ${share.mode}`);
  }
  return Math.min(num(amount), remaining);
}

/** Every amount of a note from its snapshotted inputs and its weights (domain.md money rules). */
export function computeNoteMoney(inputs: NoteMoneyInputs, weights: NoteWeights): NoteMoney {
  const settle = settleWeight(inputs.settleWeightBasis, weights);
  const loss = lossDeduction(inputs, weights);
  const freight = driverFreight(inputs.priceMode, inputs.driverUnitPriceFen, settle);
  const other = num(big(inputs.otherDeductionFen, 'otherDeductionFen'));
  const driverFee = Math.max(0, freight - loss.lossDeductionFen - other);
  const service = serviceFee(inputs.serviceFeeMode, inputs.serviceFeeValue, driverFee, settle);
  const agent = agentFee(inputs.orderMode, inputs.agentFeeMode, inputs.agentFeeValue, driverFee, settle);
  const fuelCardFen = shareAmount(inputs.fuelCard, driverFee, driverFee);
  const etcFen = shareAmount(inputs.etc, driverFee, driverFee - fuelCardFen);
  const prepayFen = shareAmount(inputs.prepay, driverFee, driverFee - fuelCardFen - etcFen);
  return {
    settleWeightG: settle,
    ...loss,
    otherDeductionFen: other,
    driverFreightFen: freight,
    driverFee,
    serviceFee: service,
    agentFee: agent,
    customerFee: driverFee + service + agent,
    fuelCardFen,
    etcFen,
    prepayFen,
    finalPayFen: driverFee - fuelCardFen - etcFen - prepayFen,
  };
}

/** Settlement modes of the customer (settle_mode dictionary). */
export const SETTLE_MODE = { perTrip: 1, perApproval: 2, monthly: 3 } as const;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function addDays(day: string, days: number): string {
  const m = DAY.exec(day);
  if (!m) throw new RangeError(`not a day: ${day}`);
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days));
  return d.toISOString().slice(0, 10);
}

/**
 * When an audited note's settlement falls due (domain.md): per trip at once (the audit day); per
 * approval at approval + credit days (the audit is the approval here until batches arrive with bills);
 * monthly at the end of the audit's month + credit days. Days are 'YYYY-MM-DD' in China time.
 */
export function settlementDueDate(settleMode: number, creditDays: number, auditDay: string): string {
  if (!Number.isInteger(creditDays) || creditDays < 0) throw new RangeError('creditDays must be ≥ 0');
  switch (settleMode) {
    case SETTLE_MODE.perTrip:
      return addDays(auditDay, 0);
    case SETTLE_MODE.perApproval:
      return addDays(auditDay, creditDays);
    case SETTLE_MODE.monthly: {
      const m = DAY.exec(auditDay);
      if (!m) throw new RangeError(`not a day: ${auditDay}`);
      const monthEnd = new Date(Date.UTC(Number(m[1]), Number(m[2]), 0)).toISOString().slice(0, 10);
      return addDays(monthEnd, creditDays);
    }
    default:
      throw new RangeError(`unknown settle mode ${settleMode}`);
  }
}

/** Grams as tonnes text with 3 decimals (domain.md units): 32_150_000 → '32.150'. */
export function formatTonnes(grams: number | string | null | undefined): string {
  if (grams === null || grams === undefined || grams === '') return '';
  const g = BigInt(typeof grams === 'string' ? grams.trim() : grams);
  const negative = g < 0n;
  const abs = negative ? -g : g;
  const kg = (abs + 500n) / 1000n;
  return `${negative ? '-' : ''}${kg / 1000n}.${(kg % 1000n).toString().padStart(3, '0')}`;
}

/** Basis points as a percentage with two decimals: 650 → '6.50%', 900 → '9.00%'. */
export function formatPercentBp(bp: number | string | null | undefined): string {
  if (bp === null || bp === undefined || bp === '') return '';
  const n = Math.round(Number(bp));
  if (!Number.isFinite(n)) return '';
  const abs = Math.abs(n);
  return `${n < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}%`;
}

/** Tonnes typed in a form (up to 3 decimals) to integer grams; null when it is not a weight. */
export function tonnesToGrams(value: number | string): number | null {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const m = /^(\d+)(?:\.(\d{0,6}))?$/.exec(text);
  if (!m) return null;
  const grams = BigInt(m[1]) * 1_000_000n + BigInt((m[2] ?? '').padEnd(6, '0'));
  return Number(grams);
}
