// The reporting channel a test adds for a fake regulator, as the console's channel form sends it.
import { type FakeChannel, TEST_PLATFORM } from '../modules/regulator/fake/testKit.ts';

/** The body of `/report/channel/add` for the fake's settings: 陕西 encrypts with AES, the others with SM2. */
export function channelForm(channel: FakeChannel, enabled = true, name = `${channel.settings.variant} 测试`) {
  const s = channel.settings;
  const aes = s.variant === 'shaanxi';
  return {
    channelName: name,
    province: s.variant,
    provinceCode: s.provinceCode,
    variant: s.variant,
    enabled,
    environment: 'test',
    baseUrl: s.baseUrl,
    account: s.account,
    senderCode: s.senderCode,
    password: s.password,
    sm2PublicKeySecret: aes ? undefined : s.sm2PublicKey,
    sm2CipherMode: s.sm2CipherMode,
    aesSecret: aes ? s.aesSecret : undefined,
    aesIvSecret: aes ? s.aesIv : undefined,
    format: s.format,
    tagCase: s.tagCase,
    deadlineHours: 24,
    platformName: TEST_PLATFORM.name,
    platformCreditCode: TEST_PLATFORM.creditCode,
    platformPermitNo: TEST_PLATFORM.permitNumber,
  };
}
