// The order form's saved places: "从常用地址选择" fills a place from the shipper's saved addresses,
// "从常用线路选择" fills both places from a saved route, and "保存为常用地址" keeps what the form holds. Staff
// see the addresses of the shipper chosen in the form; a shipper's users their own (the server scopes them).
import { BookOutlined, SaveOutlined } from '@ant-design/icons';
import { customerAddressResource, customerRouteResource, type Page, USER_TYPE } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Col, Form, Input, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { useBilingual } from '../../../components/resource/text';
import { useCan } from '../../../components/resource/useCan';
import { api, errorText } from '../../../services/request';
import { announceChange } from '../../../services/resourceEvents';
import { useSession } from '../../../stores/session';
import { useHasCode } from '../../shipping/components/useHasCode';

type Row = Record<string, unknown>;
type Prefix = 'load' | 'unload';

const ADDRESSES = customerAddressResource.path;
const ROUTES = customerRouteResource.path;

/** The order form's fields of a place ← a saved address's columns. */
const PLACE_KEYS: Array<[string, string]> = [
  ['AreaCode', 'areaCode'],
  ['Province', 'province'],
  ['City', 'city'],
  ['District', 'district'],
  ['Address', 'address'],
  ['Lng', 'lng'],
  ['Lat', 'lat'],
  ['Contact', 'contact'],
  ['Phone', 'phone'],
];

const placeValues = (prefix: Prefix, address: Row | undefined): Row =>
  Object.fromEntries(PLACE_KEYS.map(([field, column]) => [`${prefix}${field}`, address?.[column] ?? null]));

function useAddresses(customerId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [ADDRESSES, 'picker', customerId ?? ''],
    queryFn: () =>
      api.get<Page<Row>>(`${ADDRESSES}/list`, {
        pageSize: 200,
        column: 'addressName',
        order: 'asc',
        ...(customerId ? { customerId } : {}),
      }),
    enabled,
    staleTime: 30_000,
  });
}

/** The bar above a place's fields: pick a saved address (or, for loading, a saved route), or save this one. */
export function SavedPlaceBar({ prefix }: { prefix: Prefix }) {
  const tx = useBilingual();
  const can = useCan();
  const { message } = App.useApp();
  const form = Form.useFormInstance();
  const userType = useSession((s) => s.userType);
  const customerUser = userType === USER_TYPE.customer || userType === USER_TYPE.customerAdmin;
  const picked = Form.useWatch('customerId', form) as string | undefined;
  const customerId = customerUser ? undefined : picked;
  // Staff pick the shipper first: its addresses are the ones offered.
  const ready = customerUser || Boolean(customerId);
  // List codes are menu codes; the buttons are the session's button grants.
  const canList = useHasCode(`${customerAddressResource.permission}:list`);
  const canAdd = can(`${customerAddressResource.permission}:add`);
  const routesGranted = useHasCode(`${customerRouteResource.permission}:list`);
  const canRoutes = prefix === 'load' && routesGranted;
  const addresses = useAddresses(customerId, canList && ready);
  const routes = useQuery({
    queryKey: [ROUTES, 'picker', customerId ?? ''],
    queryFn: () =>
      api.get<Page<Row>>(`${ROUTES}/list`, { pageSize: 200, ...(customerId ? { customerId } : {}) }),
    enabled: canRoutes && ready,
    staleTime: 30_000,
  });
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState('');
  if (!canList && !canAdd) return null;
  const rows = addresses.data?.records ?? [];
  const byId = new Map(rows.map((r) => [String(r.id), r]));
  const label = prefix === 'load' ? tx(['装货', 'loading']) : tx(['卸货', 'unloading']);

  const fill = (prefixOf: Prefix, address: Row | undefined) => {
    form.setFieldsValue(placeValues(prefixOf, address));
    // The form's own checks (and the unsaved-input guard) see the filled place.
    void form.validateFields(PLACE_KEYS.map(([field]) => `${prefixOf}${field}`)).catch(() => undefined);
  };

  const save = async () => {
    const values = form.getFieldsValue(true) as Row;
    const body: Row = { addressName: name.trim(), customerId: customerId ?? null };
    for (const [field, column] of PLACE_KEYS) body[column] = values[`${prefix}${field}`] ?? null;
    if (!body.areaCode || !body.address) {
      message.warning(tx(['请先选择地区并填写地址', 'Pick the region and enter the address first']));
      return;
    }
    try {
      await api.post(`${ADDRESSES}/add`, body);
      message.success(tx(['已保存为常用地址', 'Saved to the addresses']));
      announceChange(ADDRESSES);
      setSaving(false);
      setName('');
    } catch (error) {
      message.error(errorText(error));
    }
  };

  return (
    <Col span={24} style={{ marginBottom: 12 }}>
      <Space wrap>
        {canList && (
          <Select
            style={{ minWidth: 220 }}
            placeholder={tx(['从常用地址选择', 'Pick a saved address'])}
            disabled={!ready}
            loading={addresses.isLoading && ready}
            value={null}
            options={rows.map((r) => ({
              value: String(r.id),
              label: `${String(r.addressName)} · ${String(r.city ?? '')}${String(r.district ?? '')}`,
            }))}
            onChange={(id: string) => fill(prefix, byId.get(id))}
            showSearch
            optionFilterProp="label"
            data-testid={`saved-address-${prefix}`}
          />
        )}
        {canRoutes && (
          <Select
            style={{ minWidth: 200 }}
            placeholder={tx(['从常用线路选择', 'Pick a saved route'])}
            disabled={!ready}
            value={null}
            options={(routes.data?.records ?? []).map((r) => ({
              value: String(r.id),
              label: String(r.routeName),
            }))}
            onChange={async (id: string) => {
              const route = (routes.data?.records ?? []).find((r) => String(r.id) === id);
              if (!route) return;
              const ends = await Promise.all(
                [route.loadAddressId, route.unloadAddressId].map((addressId) =>
                  byId.has(String(addressId))
                    ? byId.get(String(addressId))
                    : api
                        .get<Row>(`${ADDRESSES}/queryById`, { id: String(addressId) })
                        .catch(() => undefined),
                ),
              );
              fill('load', ends[0]);
              fill('unload', ends[1]);
            }}
            showSearch
            optionFilterProp="label"
            data-testid="saved-route"
          />
        )}
        {canAdd && (
          <Button icon={<SaveOutlined />} disabled={!ready} onClick={() => setSaving(true)}>
            {tx(['保存为常用地址', 'Save as an address'])}
          </Button>
        )}
        {!ready && (
          <span style={{ color: 'rgba(0,0,0,0.45)' }}>
            <BookOutlined /> {tx(['先选择货主', 'Choose the shipper first'])}
          </span>
        )}
      </Space>
      <Modal
        open={saving}
        title={`${tx(['保存为常用地址', 'Save as an address'])} · ${label}`}
        onCancel={() => setSaving(false)}
        onOk={() => void save()}
        okButtonProps={{ disabled: !name.trim() }}
        okText={tx(['保存', 'Save'])}
        cancelText={tx(['取消', 'Cancel'])}
        destroyOnHidden
      >
        <Input
          autoFocus
          maxLength={50}
          placeholder={tx(['地址名称，如：南京仓', 'A name, e.g. Nanjing warehouse'])}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </Modal>
    </Col>
  );
}
