// Realistic, valid identifiers for demo records. Uniqueness comes from the record's index, not from luck:
// record n of a kind always gets the same values, and two records never share a unique one.
import { creditCodeCheckChar, luhnCheckDigit, residentIdCheckChar } from '@freight/contracts';
import type { Division } from './divisions.ts';
import type { Random } from './random.ts';

const SURNAMES = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '黄',
  '赵',
  '吴',
  '周',
  '徐',
  '孙',
  '马',
  '朱',
  '胡',
  '郭',
  '何',
  '高',
  '林',
  '罗',
  '郑',
  '梁',
  '谢',
  '宋',
  '唐',
  '许',
  '韩',
  '冯',
  '邓',
  '曹',
  '彭',
  '曾',
  '肖',
  '田',
  '董',
  '袁',
  '潘',
  '于',
  '蒋',
  '蔡',
  '余',
  '杜',
  '叶',
  '程',
  '苏',
  '魏',
  '吕',
  '丁',
  '任',
  '沈',
  '姚',
  '卢',
  '姜',
  '崔',
];
const MALE_GIVEN = [
  '伟',
  '强',
  '磊',
  '军',
  '勇',
  '杰',
  '涛',
  '明',
  '超',
  '刚',
  '平',
  '辉',
  '鹏',
  '华',
  '飞',
  '波',
  '斌',
  '宇',
  '浩',
  '凯',
  '健',
  '俊',
  '建国',
  '建军',
  '志强',
  '海涛',
  '国庆',
  '春生',
  '永刚',
  '德胜',
  '长江',
  '振华',
  '立新',
  '文博',
  '子豪',
  '家乐',
  '红兵',
  '卫东',
  '金龙',
  '宏伟',
];
const FEMALE_GIVEN = [
  '芳',
  '娜',
  '敏',
  '静',
  '丽',
  '艳',
  '霞',
  '燕',
  '玲',
  '婷',
  '秀英',
  '桂兰',
  '晓梅',
  '丽华',
  '雪梅',
  '春燕',
  '慧敏',
  '佳怡',
  '雨欣',
  '思琪',
];

export function personName(random: Random, male: boolean): string {
  return random.pick(SURNAMES) + random.pick(male ? MALE_GIVEN : FEMALE_GIVEN);
}

const BIRTH_BASE = Date.UTC(1965, 0, 1);
const BIRTH_SPAN_DAYS = 14_600; // 1965 – 2004
const DAY_MS = 86_400_000;

export interface Person {
  name: string;
  idCard: string;
  male: boolean;
  birthDate: string;
}

/**
 * A resident ID (GB 11643) in the division, unique per `index`: the birth date walks the 40 years with a
 * stride coprime to their length, and the sequence number carries the rest. Odd sequence = male.
 */
export function person(random: Random, division: Division, index: number, male: boolean): Person {
  const day = (index * 7919) % BIRTH_SPAN_DAYS;
  const birth = new Date(BIRTH_BASE + day * DAY_MS).toISOString().slice(0, 10);
  const block = Math.floor(index / BIRTH_SPAN_DAYS) % 500;
  const seq = String(block * 2 + (male ? 1 : 0)).padStart(3, '0');
  const body = `${division.code}${birth.replaceAll('-', '')}${seq}`;
  return { name: personName(random, male), idCard: body + residentIdCheckChar(body), male, birthDate: birth };
}

const MOBILE_PREFIXES = [
  '135',
  '136',
  '138',
  '139',
  '150',
  '151',
  '152',
  '158',
  '159',
  '177',
  '180',
  '186',
  '187',
  '189',
  '199',
];

/** A mobile number (1, then 3–9, 11 digits), unique per index below 10⁸. */
export function mobile(index: number, salt: number): string {
  const prefix = MOBILE_PREFIXES[(index + salt) % MOBILE_PREFIXES.length];
  return `${prefix}${String((index * 7919 + salt * 104_729 + 1_234_567) % 100_000_000).padStart(8, '0')}`;
}

const CREDIT_CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const ORG_WEIGHTS = [3, 7, 9, 10, 5, 8, 4, 2];

/** GB 11714 check character of an organisation code's first 8 characters. */
function orgCodeCheck(body8: string): string {
  const value = (c: string) => (/\d/.test(c) ? Number(c) : c.charCodeAt(0) - 55);
  const sum = ORG_WEIGHTS.reduce((acc, w, i) => acc + w * value(body8[i] as string), 0);
  const check = 11 - (sum % 11);
  return check === 10 ? 'X' : check === 11 ? '0' : String(check);
}

/**
 * A unified social credit code (GB 32100) of a company registered in the division: 9 (industry and commerce)
 * 1 (enterprise), the division code, an organisation code with its own check, and the mod-31 check.
 * `kind` keeps the codes of two kinds of company apart.
 */
export function companyCreditCode(division: Division, index: number, kind: number): string {
  let n = index * 31 + kind;
  let tail = '';
  for (let i = 0; i < 5; i++) {
    tail = CREDIT_CHARSET[n % 31] + tail;
    n = Math.floor(n / 31);
  }
  const org8 = `MA${String(kind % 10)}${tail}`;
  const body = `91${division.code}${org8}${orgCodeCheck(org8)}`;
  return body + creditCodeCheckChar(body);
}

const PLATE_LETTERS = 'ABCDEFGHJK';

/**
 * A plate (GA 36) of the division's city, unique per index below 10⁵: five characters, the first a letter
 * one time in three; `newEnergy` gives a large new-energy plate (five digits, then D or F).
 */
export function plate(division: Division, index: number, newEnergy: boolean): string {
  const digits = String((index * 7919 + 12_345) % 100_000).padStart(5, '0');
  if (newEnergy) return `${division.plate}${digits}${index % 2 ? 'D' : 'F'}`;
  if (index % 3 === 0) return `${division.plate}${PLATE_LETTERS[Number(digits[0])]}${digits.slice(1)}`;
  return `${division.plate}${digits}`;
}

/** A trailer's plate: four characters and 挂. */
export function trailerPlate(division: Division, index: number): string {
  return `${division.plate}${String((index * 7919 + 5_432) % 10_000).padStart(4, '0')}挂`;
}

const VIN_VALUES: Record<string, number> = Object.fromEntries(
  [...'0123456789']
    .map((c, i) => [c, i] as const)
    .concat(
      [...'ABCDEFGH'].map((c, i) => [c, i + 1] as const),
      [...'JKLMN'].map((c, i) => [c, i + 1] as const),
      [
        ['P', 7],
        ['R', 9],
      ],
      [...'STUVWXYZ'].map((c, i) => [c, i + 2] as const),
    ),
);
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const WMIS = ['LZZ', 'LFW', 'LGA', 'LRD', 'LFN'];

/** A VIN (GB 16735) with its check digit in position 9, unique per index below 10⁶. */
export function vin(random: Random, index: number): string {
  const wmi = random.pick(WMIS);
  const vds = `${random.pick(['5', '1', '7'])}${random.pick(['B', 'E', 'G'])}${random.pick(['M', 'S', 'N'])}${random.pick(['D', 'F', 'H'])}${random.int(1, 9)}`;
  const year = random.pick(['H', 'J', 'K', 'L', 'M', 'N', 'P', 'R']);
  const serial = String(index % 1_000_000).padStart(6, '0');
  const draft = `${wmi}${vds}0${year}${random.pick(['A', 'B', 'C'])}${serial}`;
  const sum = [...draft].reduce((acc, c, i) => acc + (VIN_VALUES[c] ?? 0) * (VIN_WEIGHTS[i] as number), 0);
  const check = sum % 11 === 10 ? 'X' : String(sum % 11);
  return `${draft.slice(0, 8)}${check}${draft.slice(9)}`;
}

/** Issuer identification numbers of debit cards of the seeded banks. */
export const CARD_BINS: Record<string, string> = {
  ICBC: '622202',
  ABC: '622848',
  BOC: '621661',
  CCB: '621700',
  COMM: '622260',
  PSBC: '621799',
  CMB: '621483',
  CITIC: '621771',
  CIB: '622909',
  SPDB: '622521',
};

/** A 19-digit debit card number of the bank, Luhn-valid, unique per index below 10¹². */
export function bankCard(bankCode: string, index: number, salt: number): string {
  const bin = CARD_BINS[bankCode] ?? '622202';
  const payload = `${bin}${String((index * 7919 + salt * 1_000_003) % 1_000_000_000_000).padStart(12, '0')}`;
  return payload + luhnCheckDigit(payload);
}
