// Mainland vehicle plates (GA 36): province abbreviation, issuing-office letter, then 5 characters,
// or 6 for new-energy plates. Letters I and O are never used.

const PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';
const LETTER = 'A-HJ-NP-Z';

const STANDARD = new RegExp(`^[${PROVINCES}][${LETTER}][${LETTER}0-9]{4}[${LETTER}0-9挂学警港澳]$`);
// Small new-energy cars: D (pure electric) or F (other new energy) first; A, B, C, E and G, H, J, K
// were added to the two series once D and F numbers ran out.
const NEW_ENERGY_SMALL = new RegExp(`^[${PROVINCES}][${LETTER}][DABCEFGHJK][${LETTER}0-9]\\d{4}$`);
// Large new-energy vehicles: five digits then D or F.
const NEW_ENERGY_LARGE = new RegExp(`^[${PROVINCES}][${LETTER}]\\d{5}[DF]$`);

export type PlateKind = 'standard' | 'newEnergy';

export function normalizePlate(plate: string): string {
  return plate.replace(/[\s·•-]/g, '').toUpperCase();
}

export function plateKind(plate: string): PlateKind | null {
  const text = normalizePlate(plate);
  if (STANDARD.test(text)) return 'standard';
  if (NEW_ENERGY_SMALL.test(text) || NEW_ENERGY_LARGE.test(text)) return 'newEnergy';
  return null;
}

export function isVehiclePlate(plate: string): boolean {
  return plateKind(plate) !== null;
}
