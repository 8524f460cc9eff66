import { formatFen } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { useLogins, useTestApp } from '../../test/harness.ts';
import { api, CUSTOMERS, ShippingKit } from '../../test/shippingKit.ts';
import { hyTransportContract } from './contractSchema.ts';

// Electronic transport contracts: the accept signs the waybill's carrier contract, loading is refused without
// it, the PDF parses back naming both parties and the freight, verifying finds a tampered file or signature,
// shippers see only their own contracts, and framework contracts are signed once per customer and period.

const PLATFORM = '南京智运通供应链科技有限公司';

describe('transport contracts', () => {
  const t = useTestApp();
  const k = ShippingKit.use(t);
  const tokens = useLogins(t, { shipper: 'shipper', shipperAdmin: 'shipper_admin' });

  const contractsOf = async (noteId: string, token = k.admin) => {
    const page = await k.get('/shipping/contract/list', { noteId }, token);
    expect(page.success, page.message).toBe(true);
    return page.result.records ?? [];
  };
  const pdfText = async (id: string, token = k.admin) => {
    const res = await t.call(token, { method: 'GET', url: api(`/shipping/contract/pdf?id=${id}`) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    const { text } = await extractText(pdf, { mergePages: true });
    return text.replace(/\s+/g, '');
  };
  const verify = async (id: string, token = k.admin) =>
    (await k.get('/shipping/contract/verify', { id }, token)).result;

  it('signs the carrier contract on accept; its PDF names both parties and the freight and verifies', async () => {
    const party = await k.driverWithVehicle();
    const note = await k.dispatch(await k.order(), party);
    expect(await contractsOf(note.id)).toHaveLength(0);

    await k.drive(note.id, 'accept');
    const accepted = await k.note(note.id);
    const [contract] = await contractsOf(note.id);
    expect(contract).toMatchObject({
      contractNo: `HT${note.shippingNoteNumber}`,
      kind: 'carrier',
      state: 1,
      partyA: PLATFORM,
      partyB: accepted.driverName,
      shippingNoteNumber: note.shippingNoteNumber,
      customerId: CUSTOMERS.hengda,
      freightFen: accepted.driverFee,
      templateVersion: 1,
      signer: accepted.driverName,
      // accepted in the console: who did it on the driver's behalf
      signedBy: 'admin',
      caName: '模拟CA',
    });
    expect(contract.pdf).toBeUndefined();
    expect(contract.signature).toBeUndefined();
    expect(String(contract.digest)).toMatch(/^[0-9a-f]{64}$/);
    expect(accepted.contractNo).toBe(contract.contractNo);

    const text = await pdfText(String(contract.id));
    expect(text).toContain(String(contract.contractNo));
    expect(text).toContain(PLATFORM);
    expect(text).toContain(String(accepted.driverName));
    expect(text).toContain(`运费：人民币${formatFen(Number(accepted.driverFee))}元`);
    expect(text).toContain('南京市');

    expect(await verify(String(contract.id))).toMatchObject({
      valid: true,
      digestMatches: true,
      signatureValid: true,
      digest: contract.digest,
    });
    // signing again is idempotent: the same contract
    const again = await k.ok('POST', '/shipping/contract/sign', { noteId: note.id });
    expect(again.result.id).toBe(contract.id);

    // the chain holds: loading goes through with the signed contract
    await k.ok('POST', '/shipping/hyShippingNote/load', {
      id: note.id,
      loadWeightG: 32_000_000,
      loadPhoto: 'weighbridge/load.jpg',
    });
    expect((await k.note(note.id)).status).toBe(2);
  });

  it('refuses loading without a signed carrier contract, and signs the missing one', async () => {
    const note = await k.dispatch(await k.order(), await k.driverWithVehicle());
    await k.drive(note.id, 'accept');
    // as a waybill accepted before contracts existed
    await t.db.delete(hyTransportContract).where(eq(hyTransportContract.noteId, note.id));
    const load = { id: note.id, loadWeightG: 32_000_000, loadPhoto: 'weighbridge/load.jpg' };
    const refused = await k.call('POST', '/shipping/hyShippingNote/load', load);
    expect(refused.success).toBe(false);
    expect(refused.message).toBe(`运单${note.shippingNoteNumber}尚未签署电子运输合同（承运合同），不能装货`);
    expect((await k.note(note.id)).status).toBe(1);

    // a shipper may read contracts but not sign them
    expect(
      (await k.call('POST', '/shipping/contract/sign', { noteId: note.id }, tokens.shipper)).success,
    ).toBe(false);
    const signed = await k.ok('POST', '/shipping/contract/sign', { noteId: note.id });
    expect(signed.result).toMatchObject({ state: 1, contractNo: `HT${note.shippingNoteNumber}` });
    await k.ok('POST', '/shipping/hyShippingNote/load', load);

    // a dispatched waybill has nothing to sign yet
    const fresh = await k.dispatch(await k.order(), await k.driverWithVehicle());
    const early = await k.call('POST', '/shipping/contract/sign', { noteId: fresh.id });
    expect(early.message).toBe('运单尚未接单或已取消，不能签署承运合同');
  });

  it('detects a tampered PDF or signature', async () => {
    const note = await k.dispatch(await k.order(), await k.driverWithVehicle());
    await k.drive(note.id, 'accept');
    const [contract] = await contractsOf(note.id);
    const id = String(contract.id);
    const [stored] = await t.db.select().from(hyTransportContract).where(eq(hyTransportContract.id, id));
    const pdf = Buffer.from(stored.pdf as Buffer);

    // one changed byte of the stored file
    const tampered = Buffer.from(pdf);
    tampered[Math.floor(tampered.length / 2)] ^= 0x01;
    await t.db.update(hyTransportContract).set({ pdf: tampered }).where(eq(hyTransportContract.id, id));
    const broken = await verify(id);
    expect(broken).toMatchObject({ valid: false, digestMatches: false, signatureValid: true });
    expect(broken.message).toContain('篡改');

    // the file back, the digest and a signature of another contract's digest
    await t.db
      .update(hyTransportContract)
      .set({ pdf, digest: 'f'.repeat(64) })
      .where(eq(hyTransportContract.id, id));
    expect(await verify(id)).toMatchObject({ valid: false, digestMatches: false });
    await t.db
      .update(hyTransportContract)
      .set({ digest: stored.digest, signature: Buffer.alloc(64, 7).toString('base64') })
      .where(eq(hyTransportContract.id, id));
    expect(await verify(id)).toMatchObject({ valid: false, digestMatches: true, signatureValid: false });

    await t.db
      .update(hyTransportContract)
      .set({ signature: stored.signature })
      .where(eq(hyTransportContract.id, id));
    expect(await verify(id)).toMatchObject({ valid: true });
  });

  it('shows a shipper only its own contracts; another party’s id answers as missing', async () => {
    const mine = await k.dispatch(await k.order(), await k.driverWithVehicle());
    const theirs = await k.dispatch(
      await k.order({ customerId: CUSTOMERS.eastSteel }),
      await k.driverWithVehicle(),
    );
    await k.drive(mine.id, 'accept');
    await k.drive(theirs.id, 'accept');
    const [own] = await contractsOf(mine.id);
    const [other] = await contractsOf(theirs.id);

    const listed =
      (await k.get('/shipping/contract/list', { pageSize: 100 }, tokens.shipper)).result.records ?? [];
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((row) => row.customerId === CUSTOMERS.hengda)).toBe(true);
    expect(listed.some((row) => row.id === own.id)).toBe(true);
    expect(await contractsOf(theirs.id, tokens.shipper)).toHaveLength(0);
    expect(await contractsOf(theirs.id, tokens.shipperAdmin)).toHaveLength(1);

    expect((await k.get('/shipping/contract/queryById', { id: other.id }, tokens.shipper)).message).toBe(
      '未找到对应数据',
    );
    expect((await k.get('/shipping/contract/verify', { id: other.id }, tokens.shipper)).message).toBe(
      '未找到对应数据',
    );
    const pdf = await t.call(tokens.shipper, {
      method: 'GET',
      url: api(`/shipping/contract/pdf?id=${other.id}`),
    });
    expect(pdf.json().message).toBe('未找到对应数据');
    // its own contract opens and verifies for the shipper
    expect(await pdfText(String(own.id), tokens.shipper)).toContain(PLATFORM);
    expect(await verify(String(own.id), tokens.shipper)).toMatchObject({ valid: true });
  });

  it('voids the carrier contract of a waybill cancelled after its accept', async () => {
    const note = await k.dispatch(await k.order(), await k.driverWithVehicle());
    await k.drive(note.id, 'accept');
    await k.ok('POST', '/shipping/hyShippingNote/cancel', { id: note.id, reason: '货主取消' });
    const [contract] = await contractsOf(note.id);
    expect(contract.state).toBe(2);
  });

  it('signs a shipper framework contract once per customer and period', async () => {
    const body = { customerId: CUSTOMERS.hengda, periodFrom: '2026-01-01', periodTo: '2026-12-31' };
    const first = await k.ok('POST', '/shipping/contract/framework', body);
    expect(first.result).toMatchObject({
      kind: 'shipper',
      state: 1,
      partyA: PLATFORM,
      partyB: '苏州恒达建材有限公司',
      periodFrom: '2026-01-01',
      periodTo: '2026-12-31',
    });
    const second = await k.ok('POST', '/shipping/contract/framework', body);
    expect(second.result.id).toBe(first.result.id);
    const text = await pdfText(String(first.result.id), tokens.shipper);
    expect(text).toContain('苏州恒达建材有限公司');
    expect(text).toContain('2026-01-01至2026-12-31');
    const bad = await k.call('POST', '/shipping/contract/framework', { ...body, periodTo: '2025-12-31' });
    expect(bad.success).toBe(false);
    // shippers do not sign for the platform
    expect((await k.call('POST', '/shipping/contract/framework', body, tokens.shipper)).success).toBe(false);
  });
});
