import type { VariantCodes } from './codes.ts';
import { textField } from './http.ts';
import type { LoginAnswer } from './types.ts';

/** How long a token lives when the login answer does not say: two hours. */
const DEFAULT_LIFETIME_S = 7200;

/**
 * A login answered as `{code, msg, data: {<token>, <lifetime in seconds>}}` (Tianjin, Gansu and Shaanxi): the
 * answer's `data` (for the fields a variant adds) and the login answer but its logged response.
 */
export function tokenLogin(
  json: Record<string, unknown>,
  codes: VariantCodes,
  fields: { token: string; lifetime: string },
): { data: Record<string, unknown>; answer: Omit<LoginAnswer, 'response'> } {
  const code = textField(json, 'code');
  const data = (json.data ?? {}) as Record<string, unknown>;
  const token = textField(data, fields.token);
  const ok = code === codes.ok && token !== '';
  const lifetime = Number(data[fields.lifetime]);
  return {
    data,
    answer: {
      ok,
      token: ok ? token : undefined,
      expiresAt:
        Date.now() + (Number.isFinite(lifetime) && lifetime > 0 ? lifetime : DEFAULT_LIFETIME_S) * 1000,
      code,
      message: textField(json, 'msg'),
      transient: code === codes.server,
    },
  };
}
