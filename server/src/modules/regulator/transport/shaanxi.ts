import { n14 } from '../messages/rules.ts';
import { encodeContent, wireType } from './codec.ts';
import { VARIANT_CODES, verdictOf } from './codes.ts';
import { aesCbcEncryptHex, aesIvBytes, shaanxiAesKey, shaanxiSign } from './crypto.ts';
import { fieldErrorsOf, joinUrl, postJson, textField } from './http.ts';
import { tokenLogin } from './tokenLogin.ts';
import type { ReportAdapter } from './types.ts';

// Shaanxi ("send2Logink"): token/sign with the AES-encrypted password → accessToken (expire, default 7200 s)
// and userId; each message carries a Bearer token, the payload AES-128-CBC encrypted (key = first 16 bytes of
// SHA1(SHA1(secret)), the configured IV, hex) and sign = md5(sha1(key + "actionType=…&data=…&userId=…" +
// key)) in that fixed order. 1003 = authentication failed: the cached token is dropped.

export const SHAANXI_PATHS = { login: '/token/sign', send: '/send2Logink' } as const;
const codes = VARIANT_CODES.shaanxi;

export const shaanxiAdapter: ReportAdapter = {
  async login(channel) {
    const key = shaanxiAesKey(channel.aesSecret);
    const url = joinUrl(channel.baseUrl, channel.loginPath ?? SHAANXI_PATHS.login);
    const { json } = await postJson(url, {
      userName: channel.account,
      password: aesCbcEncryptHex(channel.password, key, aesIvBytes(channel.aesIv)),
    });
    const { data, answer } = tokenLogin(json, codes, { token: 'accessToken', lifetime: 'expire' });
    return {
      ...answer,
      userId: textField(data, 'userId') || channel.account,
      response: { code: answer.code, msg: json.msg, data: { expire: data.expire, userId: data.userId } },
    };
  },

  async send(channel, out, session) {
    const key = shaanxiAesKey(channel.aesSecret);
    const header = {
      messageReferenceNumber: out.referenceNumber,
      messageSendingDateTime: n14(out.sendTime),
      senderCode: channel.senderCode,
    };
    const encryptedContent = aesCbcEncryptHex(
      encodeContent(out.content, channel.format, channel.tagCase),
      key,
      aesIvBytes(channel.aesIv),
    );
    const actionType = wireType(out.type, channel.codeMap);
    const data = JSON.stringify({ root: { header, body: { encryptedContent } } });
    const userId = session.userId ?? channel.account;
    const sign = shaanxiSign(channel.aesSecret, { actionType, data, userId });
    const url = joinUrl(channel.baseUrl, channel.sendPath ?? SHAANXI_PATHS.send);
    const { json } = await postJson(
      url,
      { actionType, data, userId, sign },
      { authorization: `Bearer ${session.token}` },
    );
    const code = textField(json, 'code');
    return {
      verdict: verdictOf('shaanxi', code, channel.successCodes),
      code,
      message: textField(json, 'msg'),
      request: {
        url: channel.sendPath ?? SHAANXI_PATHS.send,
        actionType,
        header,
        userId,
        content: out.content,
      },
      response: json,
      fieldErrors: fieldErrorsOf(json),
    };
  },
};
