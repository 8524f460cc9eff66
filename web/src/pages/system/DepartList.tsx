// 部门管理 (component `system/DepartList`): the department tree with generated org codes,
// searched on the server; add a top-level department or one below the selected one, delete one or several
// (the server refuses while users or children remain), Excel export and import. Beside the tree the selected
// department: its details, the menus it may hand out (department permissions) and its own roles with their
// users and permissions.
import { DeleteOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { ModalForm, ProForm } from '@ant-design/pro-components';
import { departBody } from '@freight/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Descriptions, Empty, Popconfirm, Row, Space, Spin, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { BusyButton } from '../../components/common/BusyButton';
import { useCan } from '../../components/resource';
import { ImportButton } from '../../components/resource/ImportButton';
import { useBilingual } from '../../components/resource/text';
import { downloadFile } from '../../components/resource/transfer';
import { api, errorText } from '../../services/request';
import { type Depart, DepartFields, type DepartValues } from './depart/DepartFields';
import { DepartRoles } from './depart/DepartRoles';
import { DepartTreeCard } from './depart/DepartTreeCard';
import type { DepartOption } from './depart/departTree';
import { departGrantSource } from './role/grantSources';
import { PermissionGrant } from './role/PermissionGrant';

type Tab = 'info' | 'grant' | 'roles';

export default function DepartList() {
  const tx = useBilingual();
  const can = useCan();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<DepartOption | null>(null);
  const [adding, setAdding] = useState<{ parent: DepartOption | null } | null>(null);
  const [checked, setChecked] = useState<string[]>([]);
  const [tab, setTab] = useState<Tab>('info');
  const detail = useQuery({
    queryKey: ['sys', 'depart', selected?.key],
    queryFn: () => api.get<Depart>('/sys/sysDepart/queryById', { id: selected?.key }),
    enabled: Boolean(selected),
  });
  const departId = selected?.key ?? '';
  const grant = useMemo(() => (departId ? departGrantSource(departId) : null), [departId]);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['sys', 'departIdTree'] });
    await queryClient.invalidateQueries({ queryKey: ['sys', 'depart'] });
  };

  const save = async (values: DepartValues, id?: string) => {
    const body = departBody.safeParse(values);
    if (!body.success) {
      message.error(body.error.issues[0]?.message ?? tx(['请检查输入', 'Check the input']));
      return false;
    }
    try {
      if (id) await api.put('/sys/sysDepart/edit', { ...body.data, id });
      else await api.post('/sys/sysDepart/add', { ...body.data, parentId: adding?.parent?.key ?? null });
      message.success(id ? tx(['编辑成功!', 'Saved']) : tx(['添加成功！', 'Added']));
      await refresh();
      return true;
    } catch (err) {
      message.error(errorText(err));
      return false;
    }
  };

  const remove = async (ids: string[]) => {
    try {
      if (ids.length === 1) await api.delete('/sys/sysDepart/delete', { id: ids[0] });
      else await api.delete('/sys/sysDepart/deleteBatch', { ids: ids.join(',') });
      message.success(tx(['删除成功!', 'Deleted']));
      if (selected && ids.includes(selected.key)) setSelected(null);
      setChecked((keys) => keys.filter((k) => !ids.includes(k)));
      await refresh();
    } catch (err) {
      message.error(errorText(err));
    }
  };

  const extra = (
    <Space size={4} wrap>
      {can('system:depart:add') && (
        <Button
          size="small"
          type="primary"
          data-testid="depart-add"
          onClick={() => setAdding({ parent: null })}
        >
          {tx(['添加部门', 'Add'])}
        </Button>
      )}
      {can('system:depart:add') && selected && (
        <Button size="small" data-testid="depart-add-child" onClick={() => setAdding({ parent: selected })}>
          {tx(['添加下级', 'Add below'])}
        </Button>
      )}
      {can('system:depart:delete') && selected && (
        <Popconfirm title={tx(['确定删除吗?', 'Delete it?'])} onConfirm={() => remove([selected.key])}>
          <Button size="small" danger data-testid="depart-delete">
            {tx(['删除', 'Delete'])}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );

  const canBatch = can('system:depart:batch_delete');
  const toolbarButtons = [
    can('system:depart:export') && (
      <BusyButton
        key="export"
        icon={<DownloadOutlined />}
        run={() => downloadFile('/sys/sysDepart/exportXls', {}, `${tx(['部门', 'Departments'])}.xlsx`)}
        data-testid="depart-export"
      >
        {tx(['导出', 'Export'])}
      </BusyButton>
    ),
    can('system:depart:import') && (
      <ImportButton
        key="import"
        url="/sys/sysDepart/importExcel"
        title={tx(['部门', 'Departments'])}
        icon={<UploadOutlined />}
        onDone={() => void refresh()}
      />
    ),
    canBatch && checked.length > 0 && (
      <Popconfirm
        key="batchDelete"
        title={tx([
          `确定删除勾选的 ${checked.length} 个部门吗?`,
          `Delete the ${checked.length} checked departments?`,
        ])}
        onConfirm={() => remove(checked)}
      >
        <Button danger icon={<DeleteOutlined />} data-testid="depart-delete-batch">
          {tx([`批量删除 (${checked.length})`, `Delete checked (${checked.length})`])}
        </Button>
      </Popconfirm>
    ),
  ].filter(Boolean);

  const row = detail.data;
  const info =
    detail.isLoading || !row ? (
      <Spin />
    ) : (
      <>
        <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
          <Descriptions.Item label={tx(['机构编码', 'Org code'])}>
            <span data-testid="depart-org-code">{row.orgCode}</span>
          </Descriptions.Item>
        </Descriptions>
        <ProForm<DepartValues>
          key={row.id}
          initialValues={{ ...row, orgCategory: row.orgCategory ?? undefined }}
          disabled={!can('system:depart:edit')}
          submitter={can('system:depart:edit') ? { resetButtonProps: false } : false}
          onFinish={(values) => save(values, row.id)}
        >
          <DepartFields />
        </ProForm>
      </>
    );
  const tabs = selected
    ? [
        { key: 'info', label: tx(['基本信息', 'Details']), children: info },
        ...(can('system:depart:permission') && grant
          ? [
              {
                key: 'grant',
                label: tx(['部门权限', 'Permissions']),
                // What the department may hand out to its own roles.
                children: <PermissionGrant source={grant} canSave />,
              },
            ]
          : []),
        ...(can('system:depart:role')
          ? [
              {
                key: 'roles',
                label: tx(['部门角色', 'Department roles']),
                children: <DepartRoles departId={selected.key} departName={selected.title} />,
              },
            ]
          : []),
      ]
    : [];

  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} md={10} xl={8}>
        <DepartTreeCard
          selected={selected}
          onSelect={setSelected}
          extra={extra}
          remoteSearch
          toolbar={
            toolbarButtons.length > 0 ? (
              <Space size={4} wrap>
                {toolbarButtons}
              </Space>
            ) : undefined
          }
          checked={canBatch ? checked : undefined}
          onCheck={canBatch ? setChecked : undefined}
        />
      </Col>
      <Col xs={24} md={14} xl={16}>
        <Card size="small" title={selected ? selected.title : tx(['部门信息', 'Department'])}>
          {!selected ? (
            <Empty description={tx(['请在左侧选择一个部门', 'Pick a department on the left'])} />
          ) : (
            <Tabs
              key={selected.key}
              activeKey={tabs.some((t) => t.key === tab) ? tab : 'info'}
              onChange={(key) => setTab(key as Tab)}
              destroyOnHidden
              items={tabs}
              data-testid="depart-tabs"
            />
          )}
        </Card>
      </Col>
      <ModalForm<DepartValues>
        title={
          adding?.parent
            ? tx([`添加下级部门 · ${adding.parent.title}`, `Add below ${adding.parent.title}`])
            : tx(['添加部门', 'Add department'])
        }
        open={adding !== null}
        modalProps={{ destroyOnHidden: true, onCancel: () => setAdding(null) }}
        initialValues={{ orgCategory: adding?.parent ? '2' : '1', departOrder: 0 }}
        onFinish={async (values) => {
          const done = await save(values);
          if (done) setAdding(null);
          return done;
        }}
      >
        <DepartFields />
      </ModalForm>
    </Row>
  );
}
