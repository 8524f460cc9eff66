// The inner-table list of a main online form (menu component `innerTable/OnlCgformInnerTableList`, route
// `/online/cgformInnerTableList/:code`): each master row expands to show its sub rows inside the table; the
// master's form saves its sub rows with it.
import { ProTable } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { Alert, Skeleton } from 'antd';
import { buildColumns } from '../../components/resource/fields';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { useBilingual } from '../../components/resource/text';
import { api, errorText } from '../../services/request';
import { useSession } from '../../stores/session';
import { type CgformParts, CgformScreen, useCgformCode, withSubRows } from './components/cgformParts';

type Row = Record<string, unknown>;

/** A master row's sub-tables, read with the row (one call for all of them). */
function InnerRows({ columns, row, subDef }: Omit<CgformParts, 'def'> & { row: Row }) {
  const tx = useBilingual();
  const dicts = useSession((s) => s.dictItems);
  const id = String(row.id);
  const record = useQuery({
    queryKey: ['cgform-row', columns.code, id],
    queryFn: () =>
      api.get<Row>(`/online/cgform/api/form/${encodeURIComponent(columns.code)}/${encodeURIComponent(id)}`),
  });
  if (record.isError) return <Alert type="error" showIcon message={errorText(record.error)} />;
  if (!record.data) return <Skeleton active paragraph={{ rows: 2 }} />;
  return (
    <>
      {columns.subs.map((sub) => (
        <ProTable<Row>
          key={sub.code}
          data-testid={`inner-${sub.tableName}`}
          headerTitle={sub.tableTxt}
          rowKey="id"
          size="small"
          search={false}
          options={false}
          pagination={false}
          cardProps={{ bodyStyle: { padding: 0 } }}
          columns={buildColumns(subDef(sub).fields, dicts, tx)}
          dataSource={(record.data?.[sub.tableName] as Row[] | undefined) ?? []}
        />
      ))}
    </>
  );
}

export default function CgformInnerTableList() {
  const code = useCgformCode();
  return (
    <CgformScreen
      code={code}
      build={({ def, columns, subDef }) => (
        <ResourceListPage
          key={code}
          def={{
            ...withSubRows(def, columns),
            tableProps: {
              expandable: {
                rowExpandable: () => columns.subs.length > 0,
                expandedRowRender: (row) => <InnerRows columns={columns} row={row} subDef={subDef} />,
              },
            },
          }}
        />
      )}
    />
  );
}
