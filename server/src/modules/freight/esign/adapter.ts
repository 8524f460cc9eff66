// The e-signature service (电子签章/CA) behind one interface (domain.md: outside parties are adapters). The
// product ships a simulated CA (simulatedCa.ts) that signs at once with a key made for this install; a real CA
// (a licensed 电子认证服务机构's API) implements the same interface: it signs the sha256 digest of a contract's
// PDF for a named signer and verifies a signature it made.

export interface ESignRequest {
  contractNo: string;
  /** sha256 of the PDF, hex. */
  digest: string;
  /** Who signs (乙方: the driver or the shipper), as the contract names them. */
  signer: string;
}

export interface ESignature {
  /** The CA's signature over the contract no. and digest (base64). */
  signature: string;
  /** The key (certificate) it was made with. */
  keyId: string;
  /** The CA's name, shown with the contract. */
  caName: string;
  signedAt: Date;
}

export interface ESignAdapter {
  readonly caName: string;
  sign(request: ESignRequest): Promise<ESignature>;
  /** Whether `signature` is this CA's signature of the request's contract no., digest and signer. */
  verify(request: ESignRequest, signature: Pick<ESignature, 'signature' | 'keyId'>): Promise<boolean>;
}

/** The bytes a signature covers: contract no., digest and signer, in a fixed order. */
export function signedBytes(request: ESignRequest): Buffer {
  return Buffer.from([request.contractNo, request.digest, request.signer].join('\n'), 'utf8');
}
