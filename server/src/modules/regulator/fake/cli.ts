// `npm run regulator:fake`: the fake provincial gateways of every variant, standalone, for a channel to be
// pointed at by hand or by a bench. Prints one JSON line with each gateway's address and the credentials and
// keys a channel needs (fresh each run unless REGULATOR_FAKE_SM2_PRIVATE_KEY is set), then serves until
// stopped. Control: POST <url>/__fake/control {faults:[…], failureRate, expireTokens}; GET <url>/__fake/stats.
//   REGULATOR_FAKE_PORT       first port (default 3400; 0 = any free ports), one per variant in order
//   REGULATOR_FAKE_VARIANTS   comma list (default fujian,tianjin,gansu,shaanxi)
//   REGULATOR_FAKE_FAILURE    share of messages answered with a transient failure (e.g. 0.1)
import { REPORT_VARIANTS, type ReportVariant } from '@freight/contracts';
import { sm2 } from 'sm-crypto-v2';
import { sm2KeyPair } from '../transport/crypto.ts';
import { type FakeRegulator, startFakeRegulator } from './fakeRegulator.ts';
import { seedCodeTables } from './seedCodes.ts';

const env = process.env;
const firstPort = Number.parseInt(env.REGULATOR_FAKE_PORT ?? '3400', 10);
const variants = (env.REGULATOR_FAKE_VARIANTS ?? REPORT_VARIANTS.join(','))
  .split(',')
  .map((v) => v.trim())
  .filter((v): v is ReportVariant => (REPORT_VARIANTS as readonly string[]).includes(v));
const privateKey = env.REGULATOR_FAKE_SM2_PRIVATE_KEY;
const keys = privateKey
  ? { privateKey, publicKey: sm2.getPublicKeyFromPrivateKey(privateKey) }
  : sm2KeyPair();
const failureRate = Number(env.REGULATOR_FAKE_FAILURE ?? 0) || 0;
const codes = seedCodeTables();

const started: FakeRegulator[] = [];
const channels: Record<string, unknown> = {};
for (const [index, variant] of variants.entries()) {
  const account = `FAKE_${variant.toUpperCase()}`;
  const password = env.REGULATOR_FAKE_PASSWORD ?? 'Fake#2026';
  const aesSecret = env.REGULATOR_FAKE_AES_SECRET ?? 'fake-aes-secret';
  const aesIv = env.REGULATOR_FAKE_AES_IV ?? '0102030405060708';
  const fake = await startFakeRegulator({
    variant,
    account,
    password,
    sm2PrivateKey: keys.privateKey,
    aesSecret,
    aesIv,
    codes,
    failureRate,
    port: firstPort === 0 ? 0 : firstPort + index,
  });
  started.push(fake);
  channels[variant] = {
    baseUrl: fake.url,
    account,
    password,
    sm2PublicKey: keys.publicKey,
    sm2PrivateKey: keys.privateKey,
    aesSecret,
    aesIv,
  };
}
console.log(JSON.stringify({ channels }));

const stop = async () => {
  await Promise.all(started.map((fake) => fake.close()));
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
