import { beforeAll, describe, expect, it } from 'vitest';
import { stableId } from '../../../seed/seed.ts';
import { api, useLogins, useTestApp } from '../../../test/harness.ts';
import { invalidateGrants } from '../accessDirectory.ts';
import { sysRolePermission } from '../schema.ts';

// 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

interface FileRow {
  path: string;
  originalName: string;
  biz: string;
  mimeType: string;
  uploaderType: number;
  uploaderType_dictText?: string;
}

describe('对象存储 (/sys/oss/file)', () => {
  const t = useTestApp({ dataDir: `/tmp/freight-test-oss-${process.pid}-${Date.now()}` });
  const tokens = useLogins(t, { admin: 'admin' });
  let shipper: string;
  let agent: string;
  beforeAll(async () => {
    // Party users get the list and its delete button, as a role administrator could grant them.
    const grants = ['customer', 'customer_admin', 'agent'].flatMap((role) => [
      { roleId: stableId('role', role), permissionId: stableId('menu', '/system/oss') },
      { roleId: stableId('role', role), permissionId: stableId('button', 'system:oss:delete') },
    ]);
    await t.db.insert(sysRolePermission).values(grants).onConflictDoNothing();
    invalidateGrants();
    shipper = await t.login('shipper');
    agent = await t.login('agent01');
  });

  const upload = async (token: string, data: Buffer, name: string, type: string, biz: string) => {
    const form = new FormData();
    form.append('biz', biz);
    form.append('file', new Blob([data], { type }), name);
    const res = await t.call(token, {
      method: 'POST',
      url: api('/sys/common/upload'),
      payload: form as unknown as string,
    });
    expect(res.json().success).toBe(true);
    return res.json().result.path as string;
  };
  const list = async (token: string, query = '') =>
    (await t.call(token, { method: 'GET', url: api(`/sys/oss/file/list?pageSize=100${query}`) })).json();
  const remove = (token: string, path: string) =>
    t.call(token, { method: 'DELETE', url: api(`/sys/oss/file/delete?path=${encodeURIComponent(path)}`) });

  it('lists every upload with its name, business type, MIME type and uploader for platform staff', async () => {
    const staffFile = await upload(tokens.admin, PDF, '合同.pdf', 'application/pdf', 'contract');
    const shipperFile = await upload(shipper, PNG, 'licence.png', 'image/png', 'customer');
    const body = await list(tokens.admin);
    expect(body.success).toBe(true);
    const rows = body.result.records as FileRow[];
    const staff = rows.find((r) => r.path === staffFile);
    expect(staff).toMatchObject({ originalName: '合同.pdf', biz: 'contract', mimeType: 'application/pdf' });
    expect(rows.find((r) => r.path === shipperFile)).toMatchObject({
      originalName: 'licence.png',
      mimeType: 'image/png',
      uploaderType: 2,
    });
    const searched = (await list(tokens.admin, `&originalName=${encodeURIComponent('合同')}`)).result
      .records as FileRow[];
    expect(searched.map((r) => r.path)).toEqual([staffFile]);
  });

  it('shows party users the files of their own party only, and another party a missing file', async () => {
    const mine = await upload(shipper, PNG, 'mine.png', 'image/png', 'customer');
    const theirs = await upload(agent, PNG, 'agent.png', 'image/png', 'driver');
    const shipperRows = (await list(shipper)).result.records as FileRow[];
    expect(shipperRows.map((r) => r.path)).toContain(mine);
    expect(shipperRows.map((r) => r.path)).not.toContain(theirs);
    expect(shipperRows.every((r) => r.uploaderType === 2 || r.uploaderType === 6)).toBe(true);
    const agentRows = (await list(agent)).result.records as FileRow[];
    expect(agentRows.map((r) => r.path)).toEqual([theirs]);
    // Another party's file: not found, and still there.
    expect((await remove(shipper, theirs)).json().success).toBe(false);
    expect((await list(agent)).result.records).toHaveLength(1);
  });

  it('deletes the record and the stored file, for the owner or a holder of the delete code', async () => {
    const mine = await upload(shipper, PNG, 'gone.png', 'image/png', 'customer');
    const signed = await t.call(shipper, { method: 'GET', url: api(`/sys/common/signUrl?path=${mine}`) });
    expect(signed.json().success).toBe(true);
    expect((await remove(shipper, mine)).json().success).toBe(true);
    expect(((await list(tokens.admin)).result.records as FileRow[]).map((r) => r.path)).not.toContain(mine);
    expect(await t.ctx.storage.open(mine)).toBeNull();
    // The staff holder of the code deletes anybody's file.
    const agentFile = await upload(agent, PNG, 'x.png', 'image/png', 'driver');
    expect((await remove(tokens.admin, agentFile)).json().success).toBe(true);
    // Without the code, somebody else's file answers as missing.
    const staffFile = await upload(tokens.admin, PNG, 'y.png', 'image/png', 'temp');
    const operations = await t.login('operations01');
    const refused = await remove(operations, staffFile);
    expect(refused.json().success).toBe(false);
    expect(refused.json().code).toBe(404);
    expect(await t.ctx.storage.open(staffFile)).not.toBeNull();
  });

  it('keeps the list behind its code', async () => {
    const operations = await t.login('operations01');
    expect((await t.call(operations, { method: 'GET', url: api('/sys/oss/file/list') })).statusCode).toBe(
      403,
    );
  });
});
