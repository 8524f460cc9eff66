import { describe, expect, it, vi } from 'vitest';
import { cellError, type EditableColumn } from './EditableCell';
import { RowStore } from './rowStore';
import { rowUpdateFor, vxeSocketUrl } from './useVxeSocket';

const rows = () => [
  { id: 'a', name: 'x', qty: '1' },
  { id: 'b', name: 'y', qty: '2' },
];

describe('row store', () => {
  it('tells only the listeners of the edited row, and the footer', () => {
    const store = new RowStore(rows());
    const a = vi.fn();
    const b = vi.fn();
    const values = vi.fn();
    const structure = vi.fn();
    store.subscribeRow('a', a);
    store.subscribeRow('b', b);
    store.subscribeValues(values);
    store.subscribeStructure(structure);
    store.setCell('a', 'name', 'z');
    expect(store.get('a')?.name).toBe('z');
    expect([a.mock.calls.length, b.mock.calls.length, values.mock.calls.length]).toEqual([1, 0, 1]);
    expect(structure).not.toHaveBeenCalled();
    store.setCell('a', 'name', 'z');
    expect(a).toHaveBeenCalledTimes(1);
  });

  it('hands an edited row out once for sending; remote merges are not sent back', () => {
    const store = new RowStore(rows());
    expect(store.takeDirty('a')).toBeUndefined();
    store.setCell('a', 'qty', '5');
    expect(store.takeDirty('a')).toMatchObject({ id: 'a', qty: '5' });
    expect(store.takeDirty('a')).toBeUndefined();
    store.patch('b', { qty: '9' }, true);
    expect(store.takeDirty('b')).toBeUndefined();
    expect(store.flashOf('b')).toBeTypeOf('number');
    expect(store.patch('nope', { qty: '1' }, true)).toBeUndefined();
  });

  it('adds, removes and reloads rows with a new structure version', () => {
    const store = new RowStore(rows());
    const version = store.structureVersion();
    store.add({ id: 'c', name: 'w', qty: '0' }, true);
    expect(store.list().map((r) => r.id)).toEqual(['c', 'a', 'b']);
    store.remove(['a', 'c']);
    expect(store.list().map((r) => r.id)).toEqual(['b']);
    store.replace(rows(), true);
    expect(store.list()).toHaveLength(2);
    expect(store.flashOf('a')).toBeTypeOf('number');
    expect(store.structureVersion()).toBe(version + 3);
  });
});

describe('cell errors', () => {
  const column: EditableColumn = {
    key: 'name',
    title: '名称',
    width: 100,
    presets: ['required', 'letters'],
    unique: true,
  };
  it('checks presets in order, then uniqueness with the default or own message', () => {
    expect(cellError(column, '', 'a', rows())).toBe('必填');
    expect(cellError(column, '1', 'a', rows())).toBe('请输入字母');
    expect(cellError(column, 'y', 'a', rows())).toBe('名称不能重复');
    expect(cellError({ ...column, unique: { message: '名称已存在' } }, 'y', 'a', rows())).toBe('名称已存在');
    expect(cellError(column, 'x', 'a', rows())).toBeNull();
  });
});

describe('vxe socket messages', () => {
  const message = (socketKey: string, caseId: string) =>
    JSON.stringify({ type: 'update_vxe_table', data: { socketKey, args: [{ id: 'a', qty: 3 }, caseId] } });

  it('takes a row update of the same table from another instance only', () => {
    expect(rowUpdateFor(message('orders', 'other'), 'orders', 'me')).toEqual({ id: 'a', qty: 3 });
    expect(rowUpdateFor(message('orders', 'me'), 'orders', 'me')).toBeNull();
    expect(rowUpdateFor(message('drivers', 'other'), 'orders', 'me')).toBeNull();
    expect(rowUpdateFor(JSON.stringify({ type: 'heart_beat', data: true }), 'orders', 'me')).toBeNull();
    expect(rowUpdateFor('not json', 'orders', 'me')).toBeNull();
  });

  it('builds the socket address next to the notification socket', () => {
    expect(vxeSocketUrl('u1', 'page a')).toMatch(
      /^ws:\/\/[^/]+\/jeecg-boot\/vxeSocket\/u1\/page%20a\?tenant_id=0$/,
    );
    expect(vxeSocketUrl('u1', 'p', '7')).toMatch(/\?tenant_id=7$/);
  });
});
