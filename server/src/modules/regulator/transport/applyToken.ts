import { REPORT_TYPE_NAMES, type ReportVariant } from '@freight/contracts';
import { n14 } from '../messages/rules.ts';
import { encodeContent, wireType } from './codec.ts';
import { VARIANT_CODES, verdictOf } from './codes.ts';
import { md5Hex, sm2Encrypt } from './crypto.ts';
import { fieldErrorsOf, joinUrl, postJson, textField } from './http.ts';
import { tokenLogin } from './tokenLogin.ts';
import type { ReportAdapter } from './types.ts';

// Tianjin and Gansu: POST /auth/applyToken {userId, password: md5} → 00000 + token; POST /wlhy/send with the
// payload (XML, Gansu's as <Root><Body>) encrypted with the province's SM2 public key; 20000 = token expired.

export const APPLY_TOKEN_PATHS = { login: '/auth/applyToken', send: '/wlhy/send' } as const;
/** Encrypted content limit of /wlhy/send (characters of the plain payload). */
export const APPLY_TOKEN_MAX_CONTENT = 8192;

export function applyTokenAdapter(variant: Extract<ReportVariant, 'tianjin' | 'gansu'>): ReportAdapter {
  const codes = VARIANT_CODES[variant];
  return {
    async login(channel) {
      const url = joinUrl(channel.baseUrl, channel.loginPath ?? APPLY_TOKEN_PATHS.login);
      const { json } = await postJson(url, { userId: channel.account, password: md5Hex(channel.password) });
      const { answer } = tokenLogin(json, codes, { token: 'token', lifetime: 'expiresIn' });
      return { ...answer, response: { code: answer.code, msg: json.msg } };
    },

    async send(channel, out, session) {
      const content = encodeContent(out.content, channel.format, channel.tagCase);
      const envelope = {
        IPCType: wireType(out.type, channel.codeMap),
        DocumentName: REPORT_TYPE_NAMES[out.type],
        MessageReferenceNumber: out.referenceNumber,
        MessageSendingDateTime: n14(out.sendTime),
        UserId: channel.account,
      };
      const request = { url: channel.sendPath ?? APPLY_TOKEN_PATHS.send, envelope, content: out.content };
      if (content.length > APPLY_TOKEN_MAX_CONTENT)
        return {
          verdict: 'invalid',
          code: 'LOCAL',
          message: `报文内容超过${APPLY_TOKEN_MAX_CONTENT}字符`,
          request,
          response: null,
          fieldErrors: [{ path: 'content', rule: `an..${APPLY_TOKEN_MAX_CONTENT}` }],
        };
      const url = joinUrl(channel.baseUrl, channel.sendPath ?? APPLY_TOKEN_PATHS.send);
      const { json } = await postJson(url, {
        ...envelope,
        EncryptedContent: sm2Encrypt(content, channel.sm2PublicKey, channel.sm2CipherMode),
        Token: session.token,
      });
      const code = textField(json, 'code');
      return {
        verdict: verdictOf(variant, code, channel.successCodes),
        code,
        message: textField(json, 'msg'),
        request,
        response: json,
        fieldErrors: fieldErrorsOf(json),
      };
    },
  };
}
