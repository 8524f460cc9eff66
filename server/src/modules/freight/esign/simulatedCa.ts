import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
  verify,
} from 'node:crypto';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { keptSetting } from '../../apps/index.ts';
import { type ESignAdapter, type ESignature, type ESignRequest, signedBytes } from './adapter.ts';

// The simulated CA shipped with the product: an Ed25519 key generated once per install (kept in hy_setting of
// tenant -1, which no settings screen reads), signing at once. Its signatures verify only against that key.

const KEY_TENANT = -1;
const KEY_SETTING = 'esign_sim_ca_key';

export class SimulatedCa implements ESignAdapter {
  readonly caName = '模拟CA';
  readonly keyId: string;
  private readonly publicKey: KeyObject;

  constructor(private readonly privateKey: KeyObject) {
    this.publicKey = createPublicKey(privateKey);
    const der = this.publicKey.export({ type: 'spki', format: 'der' });
    this.keyId = `SIMCA-${createHash('sha256').update(der).digest('hex').slice(0, 16).toUpperCase()}`;
  }

  async sign(request: ESignRequest): Promise<ESignature> {
    const signature = sign(null, signedBytes(request), this.privateKey).toString('base64');
    return { signature, keyId: this.keyId, caName: this.caName, signedAt: new Date() };
  }

  async verify(request: ESignRequest, given: Pick<ESignature, 'signature' | 'keyId'>): Promise<boolean> {
    if (given.keyId !== this.keyId) return false;
    try {
      return verify(null, signedBytes(request), this.publicKey, Buffer.from(given.signature, 'base64'));
    } catch {
      return false;
    }
  }
}

/** The install's simulated CA key: made on first use and kept (the same on every later start). */
export async function loadSimulatedCa(db: DbOrTx): Promise<SimulatedCa> {
  const { privateKey } = generateKeyPairSync('ed25519');
  const pem = await keptSetting(
    db,
    { tenantId: KEY_TENANT, key: KEY_SETTING, description: '模拟CA签章私钥' },
    privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  );
  return new SimulatedCa(createPrivateKey(pem));
}
