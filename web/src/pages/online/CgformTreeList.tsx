// The tree list of a tree online form (menu component `OnlCgformTreeList`, route `/online/cgformTreeList/:code`):
// root rows page as usual; a row with children (the form's has-child field) expands by loading them
// (getData with `pid`), and "添加下级" opens the form with the row as parent. A search shows matches flat.
import type { Key } from 'react';
import { useState } from 'react';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import type { ResourcePageDef } from '../../components/resource/types';
import { api } from '../../services/request';
import { type CgformColumns, CgformScreen, useCgformCode } from './components/cgformParts';

type Row = Record<string, unknown>;

/** The rows with a level below `parent` put in place. */
function withChildren(rows: Row[], parent: string, children: Row[]): Row[] {
  return rows.map((row) => {
    if (String(row.id) === parent) return { ...row, children };
    const below = row.children as Row[] | undefined;
    return below?.length ? { ...row, children: withChildren(below, parent, children) } : row;
  });
}

function TreeView({ def, columns }: { def: ResourcePageDef; columns: CgformColumns }) {
  const [rows, setRows] = useState<Row[]>([]);
  const [expanded, setExpanded] = useState<Key[]>([]);
  const pid = columns.head.treeParentIdField ?? 'pid';
  const hasChild = columns.head.treeIdField ?? 'has_child';
  // An empty `children` gives a row its expand button; its children load when it is opened.
  const expandable = (row: Row): Row => (String(row[hasChild]) === '1' ? { ...row, children: [] } : row);
  async function open(isOpen: boolean, row: Row) {
    const id = String(row.id);
    setExpanded((keys) => (isOpen ? [...keys, id] : keys.filter((k) => k !== id)));
    if (!isOpen || (row.children as Row[] | undefined)?.length) return;
    const page = await api.get<{ records: Row[] }>(
      `/online/cgform/api/getData/${encodeURIComponent(columns.code)}`,
      {
        pid: id,
        pageSize: 1000,
      },
    );
    setRows((current) => withChildren(current, id, page.records.map(expandable)));
  }
  const tree: ResourcePageDef = {
    ...def,
    fields: def.fields.map((f) => (f.name === pid ? { ...f, form: 'hidden' as const } : f)),
    rowActions: [
      ...(def.rowActions ?? []),
      {
        key: 'addChild',
        label: ['添加下级', 'Add child'],
        perm: def.buttonCodes?.add,
        run: (row, helpers) => helpers.add({ [pid]: String(row.id) }),
      },
    ],
    tableProps: {
      dataSource: rows,
      onDataSourceChange: setRows,
      postData: (data: Row[]) => {
        setExpanded([]);
        return data.map(expandable);
      },
      expandable: { expandedRowKeys: expanded, onExpand: (isOpen, row) => void open(isOpen, row) },
    },
  };
  return <ResourceListPage key={columns.code} def={tree} />;
}

export default function CgformTreeList() {
  const code = useCgformCode();
  return <CgformScreen code={code} build={({ def, columns }) => <TreeView def={def} columns={columns} />} />;
}
