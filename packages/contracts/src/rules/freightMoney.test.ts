import { describe, expect, it } from 'vitest';
import {
  agentFee,
  computeNoteMoney,
  driverFreight,
  formatPercentBp,
  formatTonnes,
  LOSS_ALLOWANCE_MODE,
  lossDeduction,
  mulDivRound,
  type NoteMoneyInputs,
  PRICE_MODE,
  SERVICE_FEE_MODE,
  SETTLE_MODE,
  SETTLE_WEIGHT_BASIS,
  SHARE_MODE,
  serviceFee,
  settlementDueDate,
  settleWeight,
  tonnesToGrams,
} from './freightMoney.ts';

// Every figure below is worked by hand in the comment beside it (weights in grams, money in fen).
const t = (tonnes: number) => Math.round(tonnes * 1_000_000);

const base: NoteMoneyInputs = {
  priceMode: PRICE_MODE.perTonne,
  driverUnitPriceFen: 15_000, // 150.00 元/吨
  settleWeightBasis: SETTLE_WEIGHT_BASIS.min,
  lossAllowanceMode: LOSS_ALLOWANCE_MODE.fixedGrams,
  lossAllowanceValue: 200_000, // 200 kg per vehicle
  lossUnitPriceFen: 200_000, // 2 000.00 元/吨 of lost goods
  lossDeductWhole: false,
  otherDeductionFen: 0,
  serviceFeeMode: SERVICE_FEE_MODE.percent,
  serviceFeeValue: 600, // 6 %
  orderMode: 1,
  agentFeeMode: 2,
  agentFeeValue: 5_000,
  fuelCard: { mode: SHARE_MODE.none, value: 0 },
  etc: { mode: SHARE_MODE.none, value: 0 },
  prepay: { mode: SHARE_MODE.none, value: 0 },
};

describe('rounding', () => {
  it('rounds half up', () => {
    expect(mulDivRound(1n, 1n, 2n)).toBe(1n); // 0.5 → 1
    expect(mulDivRound(1n, 1n, 3n)).toBe(0n); // 0.333 → 0
    expect(mulDivRound(2n, 1n, 3n)).toBe(1n); // 0.667 → 1
    expect(() => mulDivRound(-1n, 1n, 2n)).toThrow();
  });
});

describe('settle weight (load / unload / smaller)', () => {
  const w = { loadWeightG: t(32.15), unloadWeightG: t(31.8) };
  it('picks the basis', () => {
    expect(settleWeight(SETTLE_WEIGHT_BASIS.load, w)).toBe(32_150_000);
    expect(settleWeight(SETTLE_WEIGHT_BASIS.unload, w)).toBe(31_800_000);
    expect(settleWeight(SETTLE_WEIGHT_BASIS.min, w)).toBe(31_800_000);
    // a gain: the smaller is the load
    expect(settleWeight(SETTLE_WEIGHT_BASIS.min, { loadWeightG: t(30), unloadWeightG: t(30.2) })).toBe(
      30_000_000,
    );
    expect(() => settleWeight(9, w)).toThrow();
  });
});

describe('loss (亏吨)', () => {
  /** 2 ‰ of the loaded weight allowed, 500.00 元/t of lost goods. */
  const twoPerMille = {
    ...base,
    lossAllowanceMode: LOSS_ALLOWANCE_MODE.perMille,
    lossAllowanceValue: 2,
    lossUnitPriceFen: 50_000,
  };
  /** 3 ‰ of the loaded weight allowed, 1 800.00 元/t of lost goods. */
  const threePerMille = {
    ...base,
    lossAllowanceMode: LOSS_ALLOWANCE_MODE.perMille,
    lossAllowanceValue: 3,
    lossUnitPriceFen: 180_000,
  };

  // [what, inputs, loaded t, unloaded t, lost g, allowed g, deductible g, deduction fen]
  it.each<[string, NoteMoneyInputs, number, number, number, number, number, number]>([
    // 32.150 − 32.050 = 100 kg lost, 200 kg allowed → 0
    ['deducts nothing within a kg allowance', base, 32.15, 32.05, 100_000, 200_000, 0, 0],
    // 32.150 − 31.800 = 350 kg lost; 350 − 200 = 150 kg = 0.15 t × 2 000.00 元 = 300.00 元
    ['deducts the excess beyond a kg allowance', base, 32.15, 31.8, 350_000, 200_000, 150_000, 30_000],
    // The loss example by hand: 32.000 t loaded, 31.900 t unloaded, 2 ‰ allowed, 500 元/t. Loss 100 kg,
    // allowance 32 000 kg × 2 ‰ = 64 kg, deduction 36 kg × 0.5 元/kg = 18.00 元
    ['works the loss example by hand', twoPerMille, 32, 31.9, 100_000, 64_000, 36_000, 1_800],
    // 30 t × 3 ‰ = 90 kg allowed; 30.000 − 29.880 = 120 kg lost → 30 kg = 0.03 t × 1 800.00 元 = 54.00 元
    ['uses per mille of the loaded weight', threePerMille, 30, 29.88, 120_000, 90_000, 30_000, 5_400],
  ])(
    '%s',
    (_what, inputs, loaded, unloaded, lossWeightG, lossAllowanceG, deductibleLossG, lossDeductionFen) => {
      expect(lossDeduction(inputs, { loadWeightG: t(loaded), unloadWeightG: t(unloaded) })).toEqual({
        lossWeightG,
        lossAllowanceG,
        deductibleLossG,
        lossDeductionFen,
      });
    },
  );

  it('rounds a per-mille allowance to the gram', () => {
    // 33 333 333 g × 3 / 1000 = 99 999.999 g → 100 000 g allowed
    expect(
      lossDeduction(threePerMille, { loadWeightG: 33_333_333, unloadWeightG: 33_333_333 }).lossAllowanceG,
    ).toBe(100_000);
  });

  it('deducts the whole loss once over the allowance when the order says so', () => {
    // 350 kg = 0.35 t × 2 000.00 元 = 700.00 元
    const r = lossDeduction(
      { ...base, lossDeductWhole: true },
      { loadWeightG: t(32.15), unloadWeightG: t(31.8) },
    );
    expect(r.deductibleLossG).toBe(350_000);
    expect(r.lossDeductionFen).toBe(70_000);
    // within the allowance the flag changes nothing
    expect(
      lossDeduction({ ...base, lossDeductWhole: true }, { loadWeightG: t(32.15), unloadWeightG: t(32.05) })
        .lossDeductionFen,
    ).toBe(0);
  });

  it('never deducts a gain (涨吨) and rounds the deduction to the fen', () => {
    expect(lossDeduction(base, { loadWeightG: t(30), unloadWeightG: t(30.2) }).lossWeightG).toBe(0);
    // 212 345 g lost − 200 000 = 12 345 g × 1 888.88 元/t = 23.3182236 元 → 23.32 元
    const r = lossDeduction(
      { ...base, lossUnitPriceFen: 188_888 },
      { loadWeightG: 30_212_345, unloadWeightG: 30_000_000 },
    );
    expect(r.deductibleLossG).toBe(12_345);
    expect(r.lossDeductionFen).toBe(2_332);
  });
});

describe('freight, service fee and agent fee', () => {
  it('prices per tonne or per trip', () => {
    // 150.00 元/t × 32.050 t = 4 807.50 元
    expect(driverFreight(PRICE_MODE.perTonne, 15_000, t(32.05))).toBe(480_750);
    // 123.45 元/t × 0.001 t = 0.12345 元 → 0.12 元
    expect(driverFreight(PRICE_MODE.perTonne, 12_345, 1_000)).toBe(12);
    expect(driverFreight(PRICE_MODE.perTrip, 300_000, t(31))).toBe(300_000);
  });

  it('computes every service fee rule', () => {
    // 6 % of 4 807.50 = 288.45
    expect(serviceFee(SERVICE_FEE_MODE.percent, 600, 480_750, 0)).toBe(28_845);
    // gross-up 9 %: 3 000.00 / 0.91 = 3 296.7033 → 3 296.70; fee 296.70
    expect(serviceFee(SERVICE_FEE_MODE.grossUp, 900, 300_000, 0)).toBe(29_670);
    // 5.00 元/t × 32.05 t = 160.25
    expect(serviceFee(SERVICE_FEE_MODE.perTonne, 500, 0, t(32.05))).toBe(16_025);
    expect(serviceFee(SERVICE_FEE_MODE.perTrip, 8_800, 0, 0)).toBe(8_800);
    expect(() => serviceFee(SERVICE_FEE_MODE.grossUp, 10_000, 1, 0)).toThrow();
  });

  it('charges an agent fee on agent orders only', () => {
    expect(agentFee(3, 2, 5_000, 300_000, 0)).toBe(5_000); // 50.00 per trip
    expect(agentFee(3, 3, 200, 300_000, 0)).toBe(6_000); // 2 % of 3 000.00
    expect(agentFee(3, 1, 300, 0, t(32.05))).toBe(9_615); // 3.00 元/t × 32.05 t = 96.15
    expect(agentFee(1, 2, 5_000, 300_000, 0)).toBe(0);
    expect(agentFee(4, 2, 5_000, 300_000, 0)).toBe(0);
  });
});

describe('a whole note', () => {
  // [what, changes to the base inputs, load and unload weights, figures expected]
  it.each<[string, Partial<NoteMoneyInputs>, { loadWeightG: number; unloadWeightG: number }, object]>([
    [
      // settle 32.05 t × 150 = 4 807.50; service 288.45; customer 5 095.95
      'within the allowance: min weight, 6 % service',
      {},
      { loadWeightG: t(32.15), unloadWeightG: t(32.05) },
      {
        settleWeightG: 32_050_000,
        lossDeductionFen: 0,
        driverFreightFen: 480_750,
        driverFee: 480_750,
        serviceFee: 28_845,
        agentFee: 0,
        customerFee: 509_595,
        finalPayFen: 480_750,
      },
    ],
    [
      // 31.8 t × 150 = 4 770.00 − loss 300.00 = 4 470.00
      // fuel 20 % = 894.00; ETC 500.00; prepay 30 % = 1 341.00; final 4 470 − 894 − 500 − 1 341 = 1 735.00
      // service 6 % of 4 470.00 = 268.20; customer 4 738.20
      'beyond the allowance on the unload weight, with fuel card, ETC and prepay shares',
      {
        settleWeightBasis: SETTLE_WEIGHT_BASIS.unload,
        otherDeductionFen: 0,
        fuelCard: { mode: SHARE_MODE.ratio, value: 2_000 },
        etc: { mode: SHARE_MODE.fixed, value: 50_000 },
        prepay: { mode: SHARE_MODE.ratio, value: 3_000 },
      },
      { loadWeightG: t(32.15), unloadWeightG: t(31.8) },
      {
        settleWeightG: 31_800_000,
        lossWeightG: 350_000,
        lossDeductionFen: 30_000,
        driverFreightFen: 477_000,
        driverFee: 447_000,
        fuelCardFen: 89_400,
        etcFen: 50_000,
        prepayFen: 134_100,
        finalPayFen: 173_500,
        serviceFee: 26_820,
        customerFee: 473_820,
      },
    ],
    [
      // 50 kg lost within 200 kg: no deduction; 3 000.00 + 296.70 + 50.00 = 3 346.70
      'an agent order per trip: gross-up service plus the agent fee',
      {
        orderMode: 3,
        priceMode: PRICE_MODE.perTrip,
        driverUnitPriceFen: 300_000,
        serviceFeeMode: SERVICE_FEE_MODE.grossUp,
        serviceFeeValue: 900,
        agentFeeMode: 2,
        agentFeeValue: 5_000,
      },
      { loadWeightG: t(30), unloadWeightG: t(29.95) },
      { driverFee: 300_000, serviceFee: 29_670, agentFee: 5_000, customerFee: 334_670 },
    ],
  ])('%s', (_what, changes, weights, expected) => {
    expect(computeNoteMoney({ ...base, ...changes }, weights)).toMatchObject(expected);
  });

  it('caps the shares at the driver fee and never goes below zero', () => {
    const m = computeNoteMoney(
      {
        ...base,
        otherDeductionFen: 10_000_000,
        fuelCard: { mode: SHARE_MODE.fixed, value: 1 },
      },
      { loadWeightG: t(1), unloadWeightG: t(1) },
    );
    expect(m.driverFee).toBe(0);
    expect(m.fuelCardFen).toBe(0);
    const capped = computeNoteMoney(
      { ...base, fuelCard: { mode: SHARE_MODE.fixed, value: 500_000 }, etc: { mode: 2, value: 100 } },
      { loadWeightG: t(32.15), unloadWeightG: t(32.05) },
    );
    expect(capped.fuelCardFen).toBe(480_750);
    expect(capped.etcFen).toBe(0);
    expect(capped.finalPayFen).toBe(0);
  });
});

describe('settlement due dates', () => {
  it('per trip, per approval and monthly', () => {
    expect(settlementDueDate(SETTLE_MODE.perTrip, 30, '2026-03-15')).toBe('2026-03-15');
    expect(settlementDueDate(SETTLE_MODE.perApproval, 7, '2026-03-28')).toBe('2026-04-04');
    // February 2026 ends on the 28th; + 15 days
    expect(settlementDueDate(SETTLE_MODE.monthly, 15, '2026-02-10')).toBe('2026-03-15');
    expect(settlementDueDate(SETTLE_MODE.monthly, 0, '2028-02-10')).toBe('2028-02-29');
    expect(settlementDueDate(SETTLE_MODE.monthly, 10, '2026-12-05')).toBe('2027-01-10');
    expect(() => settlementDueDate(9, 0, '2026-01-01')).toThrow();
  });
});

describe('rates', () => {
  it('shows basis points as a percentage with two decimals', () => {
    expect(formatPercentBp(650)).toBe('6.50%');
    expect(formatPercentBp('900')).toBe('9.00%');
    expect(formatPercentBp(5)).toBe('0.05%');
    expect(formatPercentBp(-125)).toBe('-1.25%');
    expect(formatPercentBp(null)).toBe('');
  });
});

describe('weights', () => {
  it('formats grams as tonnes and parses tonnes', () => {
    expect(formatTonnes(32_150_000)).toBe('32.150');
    expect(formatTonnes('499')).toBe('0.000');
    expect(formatTonnes(500)).toBe('0.001');
    expect(formatTonnes(null)).toBe('');
    expect(tonnesToGrams('32.15')).toBe(32_150_000);
    expect(tonnesToGrams(0.001)).toBe(1_000);
    expect(tonnesToGrams('-1')).toBeNull();
    expect(tonnesToGrams('abc')).toBeNull();
  });
});
