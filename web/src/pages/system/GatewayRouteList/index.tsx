// 网关路由 (component `system/GatewayRouteList`): reverse-proxy routes of the server under
// `/jeecg-boot/gateway/<routeId>/…`: target URI, path predicates, prefix stripping; enabled routes are live
// and reloaded on every change.
import { GATEWAY_ROUTE_STATE, gatewayRouteResource } from '@freight/contracts';
import { Tag, Typography } from 'antd';
import { pageOf, ResourceListPage } from '../../../components/resource';
import { twoStateTags } from '../../../components/resource/twoStateField';
import { API_BASE, api } from '../../../services/request';
import { JsonTextArea } from '../components/ops/JsonTextArea';
import { useOpsScreen } from '../components/ops/useOpsScreen';

type Row = Record<string, unknown>;
const { on: ON, off: OFF } = GATEWAY_ROUTE_STATE;
const [enabled, disabled] = gatewayRouteResource.fields.status.options;
const EDIT = `${gatewayRouteResource.permission}:edit`;

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
  await api.put(`${gatewayRouteResource.path}/edit`, {
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
  const def = useOpsScreen([], () => ({
    ...pageOf(gatewayRouteResource, {
      fields: {
        predicates: {
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
        status: { render: twoStateTags(enabled, disabled) },
        entry: {
          render: (_v, row) => (
            <Typography.Text
              copyable
              code
            >{`${API_BASE}/gateway/${String(row.routerId ?? '')}/`}</Typography.Text>
          ),
        },
      },
    }),
    addDefaults: { predicates: '["/**"]', stripPrefix: 0, status: ON },
    toBody: (values) => ({
      ...values,
      status: Number(values.status ?? ON),
      stripPrefix: Number(values.stripPrefix ?? 0),
    }),
    rowActions: [
      {
        key: 'on',
        label: ['启用', 'Enable'],
        perm: EDIT,
        visible: (row) => Number(row.status) !== ON,
        run: setStatus(ON),
      },
      {
        key: 'off',
        label: ['禁用', 'Disable'],
        perm: EDIT,
        visible: (row) => Number(row.status) === ON,
        confirm: ['禁用后该路由立即停止转发，确定吗?', 'Disable? The route stops forwarding at once.'],
        run: setStatus(OFF),
      },
    ],
  }));

  return <ResourceListPage def={def} />;
}
