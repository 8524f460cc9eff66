// Driver ↔ vehicle bindings: many-to-many, one default vehicle per driver. Opened from a driver
// (its vehicles) or from a vehicle (its drivers); both sides use /hydriver/hyDriver/bindVehicle and
// unbindVehicle, which need `driver:edit`.
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Modal, Popconfirm, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { CompactTable } from '../../../components/common/CompactTable';
import { useRefetchingChange } from '../../../components/common/useRefetchingChange';
import { ResourceListPage, type ResourcePageDef } from '../../../components/resource';
import { useBilingual } from '../../../components/resource/text';
import { useCan } from '../../../components/resource/useCan';
import { api } from '../../../services/request';
import { dictText } from '../../../stores/dicts';
import { useSession } from '../../../stores/session';
import { DRIVER_SEARCH, RemoteSelect, VEHICLE_SEARCH } from './RemoteSelect';

type Row = Record<string, unknown>;

interface Bound {
  id: string;
  isDefault: boolean;
  state: number;
  bindTime: string;
  plateNo?: string;
  plateColor?: string | null;
  driverName?: string;
  mobile?: string;
}

export type BindingSide = 'driver' | 'vehicle';

/**
 * `side` is what was opened: a driver lists its vehicles, a vehicle its drivers. `record` null closes the
 * dialog.
 */
export function DriverVehicleBindings({
  side,
  record,
  onClose,
}: {
  side: BindingSide;
  record: Row | null;
  onClose: () => void;
}) {
  const tx = useBilingual();
  const can = useCan();
  const dicts = useSession((s) => s.dictItems);
  const [pick, setPick] = useState<string | null>(null);
  const [asDefault, setAsDefault] = useState(false);
  const id = record ? String(record.id) : null;
  const editable = can('driver:edit');
  const fromDriver = side === 'driver';
  const bound = useQuery({
    queryKey: ['bindings', side, id],
    queryFn: () =>
      fromDriver
        ? api.get<Bound[]>('/hydriver/hyDriver/vehicles', { driverId: id })
        : api.get<Bound[]>('/hyvehicle/hyVehicle/drivers', { vehicleId: id }),
    enabled: Boolean(id),
  });
  /** The pair of a listed row: (driver, vehicle). */
  const pair = (other: string) =>
    fromDriver ? { driverId: id, vehicleId: other } : { driverId: other, vehicleId: id };

  const change = useRefetchingChange(bound.refetch);

  async function bind() {
    if (!pick) return;
    const ok = await change(
      () => api.post('/hydriver/hyDriver/bindVehicle', { ...pair(pick), isDefault: asDefault }),
      ['绑定成功', 'Bound'],
    );
    if (ok) {
      setPick(null);
      setAsDefault(false);
    }
  }

  const title = fromDriver
    ? `${tx(['绑定车辆', 'Vehicles'])} · ${String(record?.driverName ?? '')}`
    : `${tx(['绑定司机', 'Drivers'])} · ${String(record?.plateNo ?? '')}`;
  const defaultText = fromDriver ? tx(['默认车辆', 'Default']) : tx(['该司机的默认车辆', "Driver's default"]);

  return (
    <Modal open={Boolean(record)} title={title} onCancel={onClose} footer={null} width={720} destroyOnHidden>
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        {editable && (
          <Space wrap style={{ width: '100%' }}>
            <RemoteSelect
              {...(fromDriver ? VEHICLE_SEARCH : DRIVER_SEARCH)}
              value={pick}
              onChange={setPick}
              placeholder={tx(
                fromDriver ? ['搜索车牌号', 'Search a plate'] : ['搜索司机姓名', 'Search a driver'],
              )}
              style={{ width: 260 }}
              data-testid="bind-select"
            />
            <Checkbox checked={asDefault} onChange={(e) => setAsDefault(e.target.checked)}>
              {defaultText}
            </Checkbox>
            <Button type="primary" disabled={!pick} onClick={() => void bind()}>
              {tx(['绑定', 'Bind'])}
            </Button>
          </Space>
        )}
        <CompactTable<Bound>
          loading={bound.isFetching}
          dataSource={bound.data ?? []}
          scroll={{ x: 560 }}
          data-testid="binding-table"
          columns={[
            fromDriver
              ? {
                  title: tx(['车牌号', 'Plate']),
                  dataIndex: 'plateNo',
                  render: (v: string, r) => `${v}（${dictText(dicts, 'plate_color', r.plateColor) || '-'}）`,
                }
              : {
                  title: tx(['司机', 'Driver']),
                  dataIndex: 'driverName',
                  render: (v: string, r) => `${v}（${r.mobile ?? ''}）`,
                },
            {
              title: tx(['审核状态', 'Review state']),
              dataIndex: 'state',
              width: 100,
              render: (v: number) => dictText(dicts, 'review_state', v),
            },
            {
              title: defaultText,
              dataIndex: 'isDefault',
              width: 130,
              render: (v: boolean) => (v ? <Tag color="blue">{tx(['默认', 'Default'])}</Tag> : '--'),
            },
            ...(editable
              ? [
                  {
                    title: tx(['操作', 'Actions']),
                    key: 'actions',
                    width: 170,
                    render: (_: unknown, r: Bound) => (
                      <Space size={12}>
                        {!r.isDefault && (
                          <Typography.Link
                            onClick={() =>
                              void change(
                                () =>
                                  api.post('/hydriver/hyDriver/bindVehicle', {
                                    ...pair(r.id),
                                    isDefault: true,
                                  }),
                                ['已设为默认车辆', 'Default vehicle set'],
                              )
                            }
                          >
                            {tx(['设为默认', 'Make default'])}
                          </Typography.Link>
                        )}
                        <Popconfirm
                          title={tx(['确定解除绑定吗?', 'Unbind?'])}
                          onConfirm={() =>
                            change(
                              () => api.delete('/hydriver/hyDriver/unbindVehicle', pair(r.id)),
                              ['解绑成功', 'Unbound'],
                            )
                          }
                        >
                          <Typography.Link type="danger">{tx(['解绑', 'Unbind'])}</Typography.Link>
                        </Popconfirm>
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Space>
    </Modal>
  );
}

/**
 * The driver or vehicle list with a first row action that opens the bindings of the row: 绑定车辆 on
 * drivers, 绑定司机 on vehicles.
 */
export function ListWithBindings({ def, side }: { def: ResourcePageDef; side: BindingSide }) {
  const [record, setRecord] = useState<Record<string, unknown> | null>(null);
  const withAction = useMemo<ResourcePageDef>(
    () => ({
      ...def,
      rowActions: [
        side === 'driver'
          ? { key: 'vehicles', label: ['绑定车辆', 'Vehicles'], run: (row) => setRecord(row) }
          : { key: 'drivers', label: ['绑定司机', 'Drivers'], run: (row) => setRecord(row) },
        ...(def.rowActions ?? []),
      ],
    }),
    [def, side],
  );
  return (
    <>
      <ResourceListPage def={withAction} />
      <DriverVehicleBindings side={side} record={record} onClose={() => setRecord(null)} />
    </>
  );
}
