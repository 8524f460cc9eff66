// Bank card numbers (domain.md: driver bank cards) carry a Luhn check digit; checking it catches a
// mistyped number before a payment goes to the bank.

function luhnSum(digits: string, doubleFirst: boolean): number {
  let sum = 0;
  let double = doubleFirst;
  for (let i = digits.length - 1; i >= 0; i--) {
    let n = Number(digits[i]);
    if (double) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
    double = !double;
  }
  return sum;
}

/** The Luhn digit to append to `payload`. */
export function luhnCheckDigit(payload: string): string {
  if (!/^\d+$/.test(payload)) throw new RangeError('Luhn payload must be digits');
  return String((10 - (luhnSum(payload, true) % 10)) % 10);
}

export function isLuhnValid(digits: string): boolean {
  return /^\d+$/.test(digits) && luhnSum(digits, false) % 10 === 0;
}

/** A bank card number: 12 to 19 digits (spaces allowed) passing the Luhn check. */
export function isBankCardNumber(card: string): boolean {
  const digits = card.replace(/\s/g, '');
  return /^\d{12,19}$/.test(digits) && isLuhnValid(digits);
}
