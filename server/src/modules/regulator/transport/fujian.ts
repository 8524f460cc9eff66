import { REPORT_TYPE_NAMES } from '@freight/contracts';
import { n14 } from '../messages/rules.ts';
import { encodeContent, wireType } from './codec.ts';
import { VARIANT_CODES, verdictOf } from './codes.ts';
import { randomSm4Key, sm2Encrypt, sm4EncryptHex } from './crypto.ts';
import { fieldErrorsOf, joinUrl, postJson, textField } from './http.ts';
import type { ReportAdapter } from './types.ts';

// Fujian (2023): login {userName, passWord} → 1001 + token; every message is an envelope whose header
// carries the token and whose body is the payload under a fresh SM4 key, the key wrapped with the
// province's SM2 public key (3006 = the key could not be unwrapped, 3007 = the body could not be decrypted).

export const FUJIAN_PATHS = { login: '/login', send: '/send' } as const;
/** Fujian's token lifetime is not in its answer; refreshed earlier on 2001 anyway. */
const TOKEN_TTL_MS = 2 * 3_600_000;

export const fujianAdapter: ReportAdapter = {
  async login(channel) {
    const url = joinUrl(channel.baseUrl, channel.loginPath ?? FUJIAN_PATHS.login);
    const { json } = await postJson(url, { userName: channel.account, passWord: channel.password });
    const code = textField(json, 'code');
    const token = textField(json, 'token');
    const ok = code === VARIANT_CODES.fujian.ok && token !== '';
    return {
      ok,
      token: ok ? token : undefined,
      expiresAt: Date.now() + TOKEN_TTL_MS,
      code,
      message: textField(json, 'message'),
      response: { code, message: json.message },
      transient: code === VARIANT_CODES.fujian.server,
    };
  },

  async send(channel, out, session) {
    const ipcType = wireType(out.type, channel.codeMap);
    const header = {
      messageReferenceNumber: out.referenceNumber,
      documentName: REPORT_TYPE_NAMES[out.type],
      documentVersionNumber: '2.0',
      senderCode: channel.provinceCode,
      enterpriseSenderCode: channel.senderCode,
      messageSendingDateTime: n14(out.sendTime),
      ipcType,
    };
    const key = randomSm4Key();
    const body = {
      encryptedKey: sm2Encrypt(key, channel.sm2PublicKey, channel.sm2CipherMode),
      encryptedContent: sm4EncryptHex(encodeContent(out.content, channel.format, channel.tagCase), key),
    };
    const url = joinUrl(channel.baseUrl, channel.sendPath ?? FUJIAN_PATHS.send);
    const { json } = await postJson(url, { root: { header: { ...header, token: session.token }, body } });
    const code = textField(json, 'code');
    return {
      verdict: verdictOf('fujian', code, channel.successCodes),
      code,
      message: textField(json, 'message'),
      request: { url: channel.sendPath ?? FUJIAN_PATHS.send, header, content: out.content },
      response: json,
      fieldErrors: fieldErrorsOf(json),
    };
  },
};
