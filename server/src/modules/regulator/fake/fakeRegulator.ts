import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReportFieldError, ReportType, ReportVariant } from '@freight/contracts';
import { businessKeyOf, validateMessage } from '../messages/index.ts';
import type { CodeTables } from '../messages/rules.ts';
import type { AnyMessage } from '../messages/types.ts';
import { APPLY_TOKEN_PATHS } from '../transport/applyToken.ts';
import { canonicalType, decodeContent } from '../transport/codec.ts';
import { VARIANT_CODES, type VariantCodes } from '../transport/codes.ts';
import {
  aesCbcDecryptHex,
  aesIvBytes,
  md5Hex,
  type Sm2CipherMode,
  shaanxiAesKey,
  shaanxiSign,
  sm2DecryptText,
  sm4DecryptHex,
} from '../transport/crypto.ts';
import { FUJIAN_PATHS } from '../transport/fujian.ts';
import { SHAANXI_PATHS } from '../transport/shaanxi.ts';

// A provincial monitoring gateway of each variant, shipped with the product (as the simulated bank): it
// checks the envelope, the token and the signature, decrypts with the private key, validates every field
// with the same rules the builders use, and answers the variant's codes, including token expiry, duplicate
// reference numbers, field-validation failures and server errors on demand. A business key already accepted
// is answered as accepted again and counted as a repeat: the tests' proof that nothing was sent twice.

export type Fault =
  | 'tokenExpired'
  | 'serverError'
  | 'queueError'
  | 'duplicateReference'
  | 'fieldInvalid'
  | 'http500'
  /** The connection is closed without an answer, before anything is recorded. */
  | 'drop'
  /** The message is accepted, then the connection is closed: the sender cannot know (a crash's twin). */
  | 'acceptThenDrop';

export interface FakeRegulatorOptions {
  variant: ReportVariant;
  account: string;
  password: string;
  /** SM2 private key (hex) of Fujian, Tianjin and Gansu. */
  sm2PrivateKey?: string;
  sm2CipherMode?: Sm2CipherMode;
  /** Shaanxi's AES secret and IV. */
  aesSecret?: string;
  aesIv?: string;
  /** The code map the province uses (wire code → canonical type is read back through it). */
  codeMap?: Record<string, string> | null;
  codes: CodeTables;
  tokenTtlMs?: number;
  /** Share of messages answered with a random transient failure (the bench's 10 %). */
  failureRate?: number;
  host?: string;
  /** 0 = any free port. */
  port?: number;
}

interface KeyRecord {
  type: ReportType;
  contentHash: string;
  accepts: number;
  repeats: number;
  updates: number;
}

export interface FakeStats {
  requests: number;
  logins: number;
  /** Business keys accepted (each once). */
  accepted: number;
  /** Messages whose business key and content were already accepted (answered as accepted again). */
  repeats: number;
  /** Changed content for an accepted key (a change report). */
  updates: number;
  /** Answers other than success, by code. */
  refused: Record<string, number>;
  injected: number;
}

interface Incoming {
  token: string;
  referenceNumber: string;
  wireType: string;
  /** The decrypted payload text. */
  content: string;
}

class Refusal extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly errors?: ReportFieldError[],
  ) {
    super(message);
  }
}

const TRANSIENT: Fault[] = ['serverError', 'queueError', 'tokenExpired', 'http500', 'drop'];

export class FakeRegulator {
  readonly variant: ReportVariant;
  private readonly codes: VariantCodes;
  private server: Server | null = null;
  private readonly tokens = new Map<string, number>();
  private readonly references = new Set<string>();
  private readonly keys = new Map<string, KeyRecord>();
  private readonly faults: Fault[] = [];
  private readonly keyFaults = new Map<string, ReportFieldError[]>();
  private failureRate: number;
  private counters = { requests: 0, logins: 0, repeats: 0, updates: 0, injected: 0 };
  private refused: Record<string, number> = {};
  url = '';
  port = 0;

  constructor(private readonly options: FakeRegulatorOptions) {
    this.variant = options.variant;
    this.codes = VARIANT_CODES[options.variant];
    this.failureRate = options.failureRate ?? 0;
  }

  async start(): Promise<this> {
    const server = createServer((req, res) => void this.handle(req, res));
    server.keepAliveTimeout = 5_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port ?? 0, this.options.host ?? '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    this.url = `http://${this.options.host ?? '127.0.0.1'}:${this.port}`;
    return this;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Faults answered to the next messages, one each, in order. */
  inject(...faults: Fault[]): void {
    this.faults.push(...faults);
  }

  /** The next message with this business key (`WLHY_JSY1001:<ID no.>` …) fails field validation once. */
  rejectKey(businessKey: string, errors: ReportFieldError[]): void {
    this.keyFaults.set(businessKey, errors);
  }

  setFailureRate(rate: number): void {
    this.failureRate = rate;
  }

  /** Every token issued so far stops working (the province's token expiry). */
  expireTokens(): void {
    this.tokens.clear();
  }

  stats(): FakeStats {
    return {
      requests: this.counters.requests,
      logins: this.counters.logins,
      accepted: this.keys.size,
      repeats: this.counters.repeats,
      updates: this.counters.updates,
      refused: { ...this.refused },
      injected: this.counters.injected,
    };
  }

  /** What the province holds for a business key. */
  record(businessKey: string): Readonly<KeyRecord> | undefined {
    return this.keys.get(businessKey);
  }

  acceptedKeys(): string[] {
    return [...this.keys.keys()];
  }

  // ---- HTTP ------------------------------------------------------------------------------------------------

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    let body: Record<string, unknown> = {};
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const text = Buffer.concat(chunks).toString('utf8');
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      return this.answer(res, this.codes.envelope, '请求不是有效的JSON');
    }
    try {
      if (req.method === 'GET' && path === '/__fake/stats') return this.json(res, 200, this.stats());
      if (req.method === 'POST' && path === '/__fake/control') return this.control(res, body);
      if (req.method !== 'POST') return this.json(res, 404, { code: '404', message: 'not found' });
      if (path === this.loginPath()) return this.login(res, body);
      if (path === this.sendPath()) return await this.receive(req, res, body);
      return this.json(res, 404, { code: '404', message: 'not found' });
    } catch (error) {
      return this.answer(res, this.codes.server, `服务器内部错误：${(error as Error).message}`);
    }
  }

  private loginPath(): string {
    if (this.variant === 'fujian') return FUJIAN_PATHS.login;
    if (this.variant === 'shaanxi') return SHAANXI_PATHS.login;
    return APPLY_TOKEN_PATHS.login;
  }

  private sendPath(): string {
    if (this.variant === 'fujian') return FUJIAN_PATHS.send;
    if (this.variant === 'shaanxi') return SHAANXI_PATHS.send;
    return APPLY_TOKEN_PATHS.send;
  }

  private json(res: ServerResponse, status: number, body: unknown): void {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(text);
  }

  /** An answer in the variant's shape: Fujian says `message`, the others `msg`. */
  private answer(
    res: ServerResponse,
    code: string,
    message: string,
    extra: Record<string, unknown> = {},
  ): void {
    if (code !== this.codes.ok) this.refused[code] = (this.refused[code] ?? 0) + 1;
    const text = this.variant === 'fujian' ? { message } : { msg: message };
    this.json(res, 200, { code, ...text, ...extra });
  }

  private control(res: ServerResponse, body: Record<string, unknown>): void {
    if (Array.isArray(body.faults)) this.inject(...(body.faults as Fault[]));
    if (typeof body.failureRate === 'number') this.failureRate = body.failureRate;
    if (body.expireTokens) this.expireTokens();
    this.json(res, 200, this.stats());
  }

  private issueToken(): string {
    const token = randomUUID().replaceAll('-', '');
    this.tokens.set(token, Date.now() + (this.options.tokenTtlMs ?? 2 * 3_600_000));
    return token;
  }

  private tokenValid(token: string): boolean {
    const until = this.tokens.get(token);
    return until !== undefined && until > Date.now();
  }

  private login(res: ServerResponse, body: Record<string, unknown>): void {
    this.counters.logins++;
    const granted = this.checkLogin(body);
    if (!granted) {
      this.answer(res, this.codes.loginFailed, '用户名或密码错误');
      return;
    }
    const seconds = Math.round((this.options.tokenTtlMs ?? 7_200_000) / 1000);
    const token = this.issueToken();
    if (this.variant === 'fujian') this.answer(res, this.codes.ok, '登录成功', { token });
    else if (this.variant === 'shaanxi')
      this.answer(res, this.codes.ok, '成功', {
        data: { accessToken: token, expire: seconds, userId: `U${this.options.account}` },
      });
    else this.answer(res, this.codes.ok, '成功', { data: { token, expiresIn: seconds } });
  }

  /** Each variant's credentials: plain (Fujian), AES-encrypted (Shaanxi), md5 (Tianjin, Gansu). */
  private checkLogin(body: Record<string, unknown>): boolean {
    const { account, password } = this.options;
    if (this.variant === 'fujian') return body.userName === account && body.passWord === password;
    if (this.variant === 'shaanxi') {
      try {
        const plain = aesCbcDecryptHex(String(body.password ?? ''), this.aesKey(), this.aesIv());
        return body.userName === account && plain === password;
      } catch {
        return false;
      }
    }
    return body.userId === account && body.password === md5Hex(password);
  }

  private aesKey(): Buffer {
    return shaanxiAesKey(this.options.aesSecret ?? '');
  }

  private aesIv(): Buffer {
    return aesIvBytes(this.options.aesIv ?? '');
  }

  /** The variant's envelope: token, reference number, type and the decrypted payload. */
  private unwrap(req: IncomingMessage, body: Record<string, unknown>): Incoming {
    const mode = this.options.sm2CipherMode ?? 'C1C3C2';
    if (this.variant === 'fujian') {
      const root = body.root as
        | { header?: Record<string, unknown>; body?: Record<string, unknown> }
        | undefined;
      const header = root?.header;
      const payload = root?.body;
      if (!header || !payload || !header.messageReferenceNumber || !header.ipcType)
        throw new Refusal(this.codes.envelope, '报文头解析失败');
      if (header.documentVersionNumber !== '2.0' || header.enterpriseSenderCode === undefined)
        throw new Refusal(this.codes.envelope, '报文头字段不完整');
      let key: string;
      try {
        key = sm2DecryptText(String(payload.encryptedKey ?? ''), this.privateKey(), mode);
      } catch {
        throw new Refusal(this.codes.keyDecrypt, '对称密钥解密失败，请确认平台公钥');
      }
      let content: string;
      try {
        content = sm4DecryptHex(String(payload.encryptedContent ?? ''), key);
      } catch {
        throw new Refusal(this.codes.bodyDecrypt, '报文体解密失败');
      }
      return {
        token: String(header.token ?? ''),
        referenceNumber: String(header.messageReferenceNumber),
        wireType: String(header.ipcType),
        content,
      };
    }
    if (this.variant === 'shaanxi') {
      const auth = String(req.headers.authorization ?? '');
      const token = auth.startsWith('Bearer ') ? auth.slice(7) : '';
      const actionType = String(body.actionType ?? '');
      const data = String(body.data ?? '');
      const userId = String(body.userId ?? '');
      const sign = shaanxiSign(this.options.aesSecret ?? '', { actionType, data, userId });
      if (!this.tokenValid(token)) return { token, referenceNumber: '', wireType: actionType, content: '' };
      if (body.sign !== sign) throw new Refusal(this.codes.signature, '签名校验失败');
      let parsed: { root?: { header?: Record<string, unknown>; body?: { encryptedContent?: string } } };
      try {
        parsed = JSON.parse(data);
      } catch {
        throw new Refusal(this.codes.envelope, 'data 不是有效的JSON');
      }
      let content: string;
      try {
        content = aesCbcDecryptHex(
          String(parsed.root?.body?.encryptedContent ?? ''),
          this.aesKey(),
          this.aesIv(),
        );
      } catch {
        throw new Refusal(this.codes.bodyDecrypt, '报文解密失败');
      }
      return {
        token,
        referenceNumber: String(parsed.root?.header?.messageReferenceNumber ?? ''),
        wireType: actionType,
        content,
      };
    }
    if (!body.IPCType || !body.MessageReferenceNumber || !body.EncryptedContent)
      throw new Refusal(this.codes.envelope, '报文字段不完整');
    const token = String(body.Token ?? '');
    if (!this.tokenValid(token)) return { token, referenceNumber: '', wireType: '', content: '' };
    let content: string;
    try {
      content = sm2DecryptText(String(body.EncryptedContent), this.privateKey(), mode);
    } catch {
      throw new Refusal(this.codes.bodyDecrypt, '报文解密失败，请确认平台公钥');
    }
    return {
      token,
      referenceNumber: String(body.MessageReferenceNumber),
      wireType: String(body.IPCType),
      content,
    };
  }

  private privateKey(): string {
    if (!this.options.sm2PrivateKey) throw new Error('fake regulator without an SM2 private key');
    return this.options.sm2PrivateKey;
  }

  private nextFault(): Fault | undefined {
    const queued = this.faults.shift();
    if (queued) return queued;
    if (this.failureRate > 0 && Math.random() < this.failureRate)
      return TRANSIENT[Math.floor(Math.random() * TRANSIENT.length)];
    return undefined;
  }

  private async receive(
    req: IncomingMessage,
    res: ServerResponse,
    body: Record<string, unknown>,
  ): Promise<void> {
    this.counters.requests++;
    let incoming: Incoming;
    try {
      incoming = this.unwrap(req, body);
    } catch (error) {
      if (error instanceof Refusal) return this.answer(res, error.code, error.message);
      throw error;
    }
    if (!this.tokenValid(incoming.token))
      return this.answer(res, this.codes.tokenExpired, '令牌无效或已过期');
    const fault = this.nextFault();
    if (fault) this.counters.injected++;
    switch (fault) {
      case 'tokenExpired':
        this.expireTokens();
        return this.answer(res, this.codes.tokenExpired, '令牌无效或已过期');
      case 'serverError':
        return this.answer(res, this.codes.server, '服务器内部错误');
      case 'queueError':
        return this.answer(res, this.codes.queue, '消息队列处理失败');
      case 'http500':
        return this.json(res, 500, { error: 'internal' });
      case 'drop':
        res.destroy();
        return;
      default:
    }
    if (this.references.has(incoming.referenceNumber) || fault === 'duplicateReference')
      return this.answer(res, this.codes.duplicateReference, '报文参考号重复');
    this.references.add(incoming.referenceNumber);
    const type = canonicalType(incoming.wireType, this.options.codeMap);
    if (!type) return this.answer(res, this.codes.wrongType, `未知的报文类型 ${incoming.wireType}`);
    let content: AnyMessage;
    try {
      content = decodeContent(
        incoming.content,
        incoming.content.trimStart().startsWith('<') ? 'xml' : 'json',
      );
    } catch {
      return this.answer(res, this.codes.bodyParse, '报文体解析失败');
    }
    let errors: ReportFieldError[];
    let key: string;
    try {
      errors = validateMessage(type, content, this.options.codes);
      key = businessKeyOf(type, content);
    } catch {
      return this.answer(res, this.codes.bodyParse, '报文体结构不正确');
    }
    const injected = this.keyFaults.get(key);
    if (injected) {
      this.keyFaults.delete(key);
      errors = [...errors, ...injected];
    }
    if (fault === 'fieldInvalid')
      errors = [...errors, { path: 'remark', rule: 'an..256', message: '模拟校验失败' }];
    if (errors.length)
      return this.answer(
        res,
        this.codes.fieldInvalid,
        `字段校验失败：${errors.map((e) => `${e.path}: ${e.rule}`).join('; ')}`,
        { errors },
      );
    this.accept(type, key, content);
    if (fault === 'acceptThenDrop') {
      res.destroy();
      return;
    }
    return this.answer(res, this.codes.ok, '接收成功');
  }

  private accept(type: ReportType, key: string, content: AnyMessage): void {
    // sendToProDateTime changes with every send; the content the province compares is the rest.
    const { sendToProDateTime: _sent, ...stable } = content as { sendToProDateTime?: string };
    const contentHash = createHash('sha1').update(JSON.stringify(stable)).digest('hex');
    const known = this.keys.get(key);
    if (!known) {
      this.keys.set(key, { type, contentHash, accepts: 1, repeats: 0, updates: 0 });
      return;
    }
    if (known.contentHash === contentHash) {
      known.repeats++;
      this.counters.repeats++;
    } else {
      known.updates++;
      known.contentHash = contentHash;
      this.counters.updates++;
    }
  }
}

export async function startFakeRegulator(options: FakeRegulatorOptions): Promise<FakeRegulator> {
  return new FakeRegulator(options).start();
}
