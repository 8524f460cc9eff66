import { createHash } from 'node:crypto';
import { isLuhnValid, isResidentId, residentIdCheckChar } from '@freight/contracts';
import {
  type BankFourFactorAsk,
  type CertificateAsk,
  type IdTwoFactorAsk,
  type LateAnswer,
  type OcrKind,
  type ProviderAnswer,
  type VerificationProvider,
  VerificationTimeout,
} from './adapter.ts';

// The simulated identity and certificate provider, shipped in the product and used while no real provider is
// configured. Deterministic: everything well-formed passes (an ID number with its GB 11643 check character, a
// card number with its Luhn digit); the documented test identities below fail (docs/decisions.md).

/** Resident ID numbers the simulated 公安 service answers with a failure (valid check characters). */
export const SIMULATED_FAILING_IDS: Readonly<Record<string, string>> = {
  '110101199001019992': '姓名与身份证号不一致',
  '110101199001019984': '身份证号不存在或已注销',
};
/** The ID number the simulated service answers late: the ask times out, the retry's poll then passes it. */
export const SIMULATED_LATE_ID = '110101199001019976';

/** Test cards of the simulated bank and the mobile each has on file: any other mobile is refused. */
export const SIMULATED_CARD_MOBILES: Readonly<Record<string, string>> = {
  '6217000000000000004': '13800138000',
};
/** Cards the simulated bank refuses whoever binds them. */
export const SIMULATED_FAILING_CARDS: Readonly<Record<string, string>> = {
  '6217000000000000012': '银行卡与持卡人身份信息不一致',
};
/** A mobile no card of the simulated bank has on file. */
export const SIMULATED_WRONG_MOBILE = '13000000000';
/** A certificate number ending so is not found by the simulated lookups (as a plate ending in 404 is not 入网). */
export const SIMULATED_FAILING_CERT_SUFFIX = '404404';

const CERT_NAMES = {
  qualification: '从业资格证',
  roadTransport: '道路运输证',
  transportPermit: '道路运输经营许可证',
} as const;

const pass = (reason: string): ProviderAnswer => ({ result: 'pass', reason });
const fail = (reason: string): ProviderAnswer => ({ result: 'fail', reason });

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

function digitsOf(seed: Buffer, count: number, offset = 0): string {
  let out = '';
  for (let i = 0; i < count; i++) out += String((seed[(offset + i) % seed.length] ?? 0) % 10);
  return out;
}

const NAMES = ['张伟', '王芳', '李强', '刘洋', '陈静', '杨勇', '赵磊', '黄敏'];
const PLATE_AREAS = ['苏A', '苏E', '沪B', '浙A', '皖A', '鲁B'];

function checkIdentity(name: string, idCard: string): ProviderAnswer | null {
  if (!isResidentId(idCard)) return fail('身份证号校验位错误');
  const refused = SIMULATED_FAILING_IDS[idCard];
  if (refused) return fail(refused);
  if (!name.trim()) return fail('姓名为空');
  return null;
}

export class SimulatedVerificationProvider implements VerificationProvider {
  readonly name = 'simulated';
  /** Requests that timed out and will be answered by the next poll. */
  private readonly late = new Map<string, ProviderAnswer>();
  calls = 0;

  async idTwoFactor(ask: IdTwoFactorAsk): Promise<ProviderAnswer> {
    this.calls += 1;
    const refused = checkIdentity(ask.name, ask.idCard);
    if (refused) return refused;
    if (ask.liveness === false) return fail('人脸活体检测未通过');
    const answer = pass(
      ask.liveness ? '姓名与身份证号一致，活体检测通过' : '姓名与身份证号一致（未上报活体结果）',
    );
    if (ask.idCard === SIMULATED_LATE_ID) {
      this.late.set(ask.requestId, answer);
      throw new VerificationTimeout();
    }
    return answer;
  }

  async bankFourFactor(ask: BankFourFactorAsk): Promise<ProviderAnswer> {
    this.calls += 1;
    const cardNo = ask.cardNo.replace(/\s/g, '');
    if (!isLuhnValid(cardNo)) return fail('银行卡号校验位错误');
    const refused = checkIdentity(ask.name, ask.idCard);
    if (refused) return refused;
    const cardRefused = SIMULATED_FAILING_CARDS[cardNo];
    if (cardRefused) return fail(cardRefused);
    const onFile = SIMULATED_CARD_MOBILES[cardNo];
    if (ask.mobile === SIMULATED_WRONG_MOBILE || (onFile !== undefined && onFile !== ask.mobile))
      return fail('预留手机号与银行卡不一致');
    return pass('姓名、身份证号、银行卡号、预留手机号一致');
  }

  async certificate(ask: CertificateAsk): Promise<ProviderAnswer> {
    this.calls += 1;
    const name = CERT_NAMES[ask.kind];
    if (!ask.number.trim()) return fail(`${name}号为空`);
    if (ask.number.trim().endsWith(SIMULATED_FAILING_CERT_SUFFIX)) return fail(`${name}不存在或已注销`);
    return pass(`${name}有效，持证人一致`);
  }

  async ocr(kind: OcrKind, image: string): Promise<Record<string, string>> {
    this.calls += 1;
    const seed = digest(`${kind}:${image}`);
    const name = NAMES[(seed[0] ?? 0) % NAMES.length] ?? NAMES[0];
    const year = 1970 + ((seed[1] ?? 0) % 30);
    const month = String(1 + ((seed[2] ?? 0) % 12)).padStart(2, '0');
    const day = String(1 + ((seed[3] ?? 0) % 28)).padStart(2, '0');
    const issued = `${2020 + ((seed[4] ?? 0) % 5)}-${month}-${day}`;
    const until = `${2030 + ((seed[4] ?? 0) % 5)}-${month}-${day}`;
    switch (kind) {
      case 'idCard': {
        const body = `320102${year}${month}${day}${digitsOf(seed, 3, 5)}`;
        return {
          driverName: name,
          idCard: body + residentIdCheckChar(body),
          idCardValidFrom: issued,
          idCardValidTo: until,
        };
      }
      case 'drivingLicence':
        return {
          drivingClass: (seed[5] ?? 0) % 2 === 0 ? 'A2' : 'B2',
          drivingFileNo: `3201${digitsOf(seed, 8, 6)}`,
          drivingIssuer: '江苏省南京市公安局交通警察支队',
          drivingValidFrom: issued,
          drivingValidTo: until,
        };
      case 'vehicleLicence': {
        const area = PLATE_AREAS[(seed[6] ?? 0) % PLATE_AREAS.length] ?? '苏A';
        return {
          plateNo: `${area}${digitsOf(seed, 5, 7)}`,
          vin: `LZZ${digitsOf(seed, 14, 9)}`,
          owner: `${name}`,
          registerDate: issued,
          issueDate: issued,
        };
      }
      case 'roadTransport':
        return { roadTransportNo: `320100${digitsOf(seed, 6, 11)}`, roadTransportValidTo: until };
    }
  }

  async poll(requestIds: string[]): Promise<LateAnswer[]> {
    const out: LateAnswer[] = [];
    for (const requestId of requestIds) {
      const answer = this.late.get(requestId);
      if (!answer) continue;
      this.late.delete(requestId);
      out.push({ requestId, ...answer });
    }
    return out;
  }
}
