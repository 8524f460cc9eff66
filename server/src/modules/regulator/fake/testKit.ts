import type { ReportVariant } from '@freight/contracts';
import { DEFAULT_SUCCESS_CODES } from '@freight/contracts';
import { sm2KeyPair } from '../transport/crypto.ts';
import type { ChannelSettings } from '../transport/types.ts';
import { type FakeRegulator, type FakeRegulatorOptions, startFakeRegulator } from './fakeRegulator.ts';
import { seedCodeTables } from './seedCodes.ts';

// A fake gateway of a variant with fresh credentials and keys, and the channel settings that speak to it
// (tests and benches).

export const TEST_PLATFORM = {
  name: '智运通网络货运平台',
  creditCode: '91320113MA1W8GXR5K',
  permitNumber: '苏交运管许可宁字320113000001号',
};

export interface FakeChannel {
  fake: FakeRegulator;
  settings: ChannelSettings;
  privateKey: string;
  publicKey: string;
}

const PROVINCE: Record<ReportVariant, string> = {
  fujian: '350000',
  tianjin: '120000',
  gansu: '620000',
  shaanxi: '610000',
};

export async function fakeChannel(
  variant: ReportVariant,
  over: Partial<ChannelSettings> = {},
  fakeOver: Partial<FakeRegulatorOptions> = {},
): Promise<FakeChannel> {
  const { publicKey, privateKey } = sm2KeyPair();
  const settings: ChannelSettings = {
    id: `test-${variant}-${Math.random().toString(36).slice(2, 8)}`,
    variant,
    baseUrl: '',
    loginPath: null,
    sendPath: null,
    account: `ACC${PROVINCE[variant]}`,
    senderCode: `ACC${PROVINCE[variant]}`,
    provinceCode: PROVINCE[variant],
    password: `Pw-${variant}-2026`,
    sm2PublicKey: publicKey,
    sm2CipherMode: 'C1C3C2',
    aesSecret: `aes-secret-${variant}`,
    aesIv: '0102030405060708',
    format: variant === 'tianjin' || variant === 'gansu' ? 'xml' : 'json',
    tagCase: variant === 'gansu' ? 'pascal' : 'camel',
    successCodes: [DEFAULT_SUCCESS_CODES[variant]],
    codeMap: null,
    platform: TEST_PLATFORM,
    version: '1',
    ...over,
  };
  const fake = await startFakeRegulator({
    variant,
    account: settings.account,
    password: settings.password,
    sm2PrivateKey: privateKey,
    sm2CipherMode: settings.sm2CipherMode,
    aesSecret: settings.aesSecret,
    aesIv: settings.aesIv,
    codeMap: settings.codeMap,
    codes: seedCodeTables(),
    ...fakeOver,
  });
  settings.baseUrl = fake.url;
  return { fake, settings, privateKey, publicKey };
}
