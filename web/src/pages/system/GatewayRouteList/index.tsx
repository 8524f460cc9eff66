// 网关路由 (component `system/GatewayRouteList`): reverse-proxy routes of the server under
// `/jeecg-boot/gateway/<routeId>/…`: target URI, path predicates, prefix stripping; enabled routes are live
// and reloaded on every change.
import { Tag, Typography } from 'antd';
import { createTimeField, ResourceListPage, twoStateField } from '../../../components/resource';
import { useBilingual } from '../../../components/resource/text';
import { API_BASE, api } from '../../../services/request';
import { JsonTextArea } from '../components/ops/JsonTextArea';
import { codeField } from '../components/ops/ruleFields';
import { useOpsScreen } from '../components/ops/useOpsScreen';

type Row = Record<string, unknown>;
const ON = 1;
const OFF = 0;

function patterns(text: unknown): string[] {
  try {
    const parsed = JSON.parse(String(text ?? '')) as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((item) =>
      typeof item === 'string'
        ? [item]
        : Array.isArray((item as { args?: unknown })?.args)
          ? ((item as { args: unknown[] }).args.filter((a) => typeof a === 'string') as string[])
          : [],
    );
  } catch {
    return [];
  }
}

const setStatus = (status: number) => async (row: Row, helpers: { reload: () => void }) => {
  const { id, routerId, name, uri, predicates, filters, stripPrefix } = row;
  await api.put('/sys/gatewayRoute/edit', {
    id,
    routerId,
    name,
    uri,
    predicates,
    filters,
    stripPrefix,
    status,
  });
  helpers.reload();
};

export default function GatewayRouteList() {
  const tx = useBilingual();

  const def = useOpsScreen([], () => ({
    api: '/sys/gatewayRoute',
    title: ['网关路由', 'Gateway routes'],
    perm: 'system:gateway',
    addDefaults: { predicates: '["/**"]', stripPrefix: 0, status: String(ON) },
    fields: [
      codeField(tx, 'routerId', ['路由ID', 'Route id'], '路由ID', { width: 150 }),
      { name: 'name', label: ['路由名称', 'Name'], required: true, search: 'like', sort: true },
      {
        name: 'uri',
        label: ['服务地址', 'Target URI'],
        required: true,
        search: 'like',
        wide: true,
        list: { width: 220, ellipsis: true },
        placeholder: 'http://127.0.0.1:8080',
        rules: [
          {
            pattern: /^https?:\/\/[^\s?#]+$/,
            message: tx(['服务地址必须是 http(s):// 地址', 'Must be an http(s):// address']),
          },
        ],
      },
      {
        name: 'predicates',
        label: ['路由断言', 'Path predicates'],
        list: { width: 200 },
        render: (value) => patterns(value).map((p) => <Tag key={p}>{p}</Tag>),
        renderFormItem: (ctx) => (
          <JsonTextArea
            ctx={ctx}
            shape="array"
            placeholder='["/api/**"]'
            tooltip={[
              '路径数组，** 匹配多级，* 匹配一级；为空时匹配全部',
              'An array of paths: ** matches below, * one segment; empty matches everything',
            ]}
          />
        ),
      },
      {
        name: 'stripPrefix',
        label: ['去除前缀段数', 'Strip prefix'],
        kind: 'number',
        list: { width: 110 },
        rules: [{ type: 'integer', min: 0, max: 10, message: tx(['0 到 10', '0 to 10']) }],
      },
      twoStateField({
        name: 'status',
        label: ['状态', 'Status'],
        on: { value: String(ON), label: ['启用', 'On'] },
        off: { value: String(OFF), label: ['禁用', 'Off'] },
        search: true,
        sort: true,
        list: { width: 80 },
      }),
      {
        name: 'entry',
        label: ['访问地址', 'Entry'],
        form: false,
        list: { width: 240, ellipsis: true },
        render: (_v, row) => (
          <Typography.Text
            copyable
            code
          >{`${API_BASE}/gateway/${String(row.routerId ?? '')}/`}</Typography.Text>
        ),
      },
      createTimeField(),
    ],
    toBody: (values) => ({
      ...values,
      status: Number(values.status ?? ON),
      stripPrefix: Number(values.stripPrefix ?? 0),
    }),
    rowActions: [
      {
        key: 'on',
        label: ['启用', 'Enable'],
        perm: 'system:gateway:edit',
        visible: (row) => Number(row.status) !== ON,
        run: setStatus(ON),
      },
      {
        key: 'off',
        label: ['禁用', 'Disable'],
        perm: 'system:gateway:edit',
        visible: (row) => Number(row.status) === ON,
        confirm: ['禁用后该路由立即停止转发，确定吗?', 'Disable? The route stops forwarding at once.'],
        run: setStatus(OFF),
      },
    ],
  }));

  return <ResourceListPage def={def} />;
}
