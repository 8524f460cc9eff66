// A captain's fleet: the drivers and vehicles the captain manages, and for each driver the
// collection agreement (代收运费协议) under which the captain may collect the driver's freight. Uses the
// bindings routes of /captain/hyCaptain (members, addDriver, removeDriver, addVehicle, removeVehicle,
// agreement).
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Modal, Popconfirm, Space, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { CompactTable } from '../../../components/common/CompactTable';
import { SideDrawer } from '../../../components/common/SideDrawer';
import { useRefetchingChange } from '../../../components/common/useRefetchingChange';
import { RequiredImageItem, TextItem } from '../../../components/form/formItems';
import { useBilingual } from '../../../components/resource/text';
import type { Bilingual } from '../../../components/resource/types';
import { useCan } from '../../../components/resource/useCan';
import { UploadTrackerProvider, useUploadTracking } from '../../../components/upload';
import { api } from '../../../services/request';
import { dictText } from '../../../stores/dicts';
import { useSession } from '../../../stores/session';
import { RemoteSelect } from './RemoteSelect';

type Row = Record<string, unknown>;

interface Agreement {
  agreementNo?: string | null;
  agreementImg: string;
  validFrom?: string | null;
  validTo?: string | null;
}

interface Members {
  drivers: Array<{
    id: string;
    driverName: string;
    mobile: string;
    idCard: string;
    state: number;
    agreement: Agreement | null;
  }>;
  vehicles: Array<{ id: string; plateNo: string; plateColor: string | null; state: number }>;
}

const BASE = '/captain/hyCaptain';

export function CaptainFleet({ captain, onClose }: { captain: Row | null; onClose: () => void }) {
  const tx = useBilingual();
  const can = useCan();
  const dicts = useSession((s) => s.dictItems);
  const captainId = captain ? String(captain.id) : null;
  const editable = can('captain:edit');
  const [driverPick, setDriverPick] = useState<string | null>(null);
  const [vehiclePick, setVehiclePick] = useState<string | null>(null);
  const [signing, setSigning] = useState<Members['drivers'][number] | null>(null);
  const members = useQuery({
    queryKey: ['captainMembers', captainId],
    queryFn: () => api.get<Members>(`${BASE}/members`, { captainId }),
    enabled: Boolean(captainId),
  });

  const change = useRefetchingChange(members.refetch);

  const stateTag = (state: number) => (
    <Tag color={state === 2 ? 'success' : state === 1 ? 'processing' : state === 3 ? 'error' : 'default'}>
      {dictText(dicts, 'review_state', state)}
    </Tag>
  );

  /** A fleet's members of one kind: picked and added, listed, removed (with any actions of their own). */
  function memberTab<T extends { id: string }>(kind: {
    pick: {
      api: string;
      searchKey: string;
      label: (r: Row) => string;
      placeholder: Bilingual;
      testId: string;
    };
    route: 'Driver' | 'Vehicle';
    rows: T[];
    testId: string;
    columns: ColumnsType<T>;
    removeConfirm: Bilingual;
    actions?: (member: T) => ReactNode;
    actionsWidth: number;
    scrollX?: number;
  }) {
    const [picked, setPicked] =
      kind.route === 'Driver' ? [driverPick, setDriverPick] : [vehiclePick, setVehiclePick];
    const remove = (member: T) => (
      <Popconfirm
        title={tx(kind.removeConfirm)}
        onConfirm={() =>
          change(
            () => api.post(`${BASE}/remove${kind.route}`, { captainId, memberId: member.id }),
            ['已移出车队', 'Removed'],
          )
        }
      >
        <Typography.Link type="danger">{tx(['移出', 'Remove'])}</Typography.Link>
      </Popconfirm>
    );
    return (
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        {editable && (
          <Space.Compact style={{ width: '100%' }}>
            <RemoteSelect
              api={kind.pick.api}
              searchKey={kind.pick.searchKey}
              label={kind.pick.label}
              value={picked}
              onChange={setPicked}
              placeholder={tx(kind.pick.placeholder)}
              data-testid={kind.pick.testId}
            />
            <Button
              type="primary"
              disabled={!picked}
              onClick={() =>
                void change(
                  () => api.post(`${BASE}/add${kind.route}`, { captainId, memberId: picked }),
                  ['已加入车队', 'Added to the fleet'],
                ).then((ok) => ok && setPicked(null))
              }
            >
              {tx(['加入车队', 'Add'])}
            </Button>
          </Space.Compact>
        )}
        <CompactTable<T>
          loading={members.isFetching}
          scroll={kind.scrollX ? { x: kind.scrollX } : undefined}
          dataSource={kind.rows}
          data-testid={kind.testId}
          columns={[
            ...kind.columns,
            ...(editable
              ? [
                  {
                    title: tx(['操作', 'Actions']),
                    key: 'actions',
                    width: kind.actionsWidth,
                    render: (_: unknown, member: T) => (
                      <Space size={12} wrap>
                        {kind.actions?.(member)}
                        {remove(member)}
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Space>
    );
  }

  const driverTab = memberTab<Members['drivers'][number]>({
    pick: {
      api: '/hydriver/hyDriver/list',
      searchKey: 'driverName',
      label: (r) => `${String(r.driverName)}（${String(r.mobile ?? '')}）`,
      placeholder: ['搜索司机姓名', 'Search a driver'],
      testId: 'fleet-driver-select',
    },
    route: 'Driver',
    rows: members.data?.drivers ?? [],
    testId: 'fleet-drivers',
    scrollX: 640,
    columns: [
      { title: tx(['司机姓名', 'Name']), dataIndex: 'driverName', width: 100 },
      { title: tx(['手机号', 'Mobile']), dataIndex: 'mobile', width: 120 },
      { title: tx(['审核状态', 'Review state']), dataIndex: 'state', width: 90, render: stateTag },
      {
        title: tx(['代收运费协议', 'Collection agreement']),
        dataIndex: 'agreement',
        render: (a: Agreement | null) =>
          a ? (
            <Tag color="green">
              {tx(['已签', 'Signed'])} {a.agreementNo ?? ''} {a.validTo ? `≤ ${a.validTo}` : ''}
            </Tag>
          ) : (
            <Tag>{tx(['未签', 'None'])}</Tag>
          ),
      },
    ],
    removeConfirm: ['确定将该司机移出车队吗?', 'Remove this driver from the fleet?'],
    actionsWidth: 200,
    actions: (d) => (
      <>
        <Typography.Link onClick={() => setSigning(d)}>
          {d.agreement ? tx(['修改协议', 'Edit agreement']) : tx(['签订协议', 'Sign agreement'])}
        </Typography.Link>
        {d.agreement && (
          <Popconfirm
            title={tx(['确定解除代收运费协议吗?', 'End the collection agreement?'])}
            onConfirm={() =>
              change(
                () => api.delete(`${BASE}/agreement`, { captainId, driverId: d.id }),
                ['协议已解除', 'Agreement ended'],
              )
            }
          >
            <Typography.Link type="danger">{tx(['解除协议', 'End agreement'])}</Typography.Link>
          </Popconfirm>
        )}
      </>
    ),
  });

  const vehicleTab = memberTab<Members['vehicles'][number]>({
    pick: {
      api: '/hyvehicle/hyVehicle/list',
      searchKey: 'plateNo',
      label: (r) => String(r.plateNo),
      placeholder: ['搜索车牌号', 'Search a plate'],
      testId: 'fleet-vehicle-select',
    },
    route: 'Vehicle',
    rows: members.data?.vehicles ?? [],
    testId: 'fleet-vehicles',
    columns: [
      { title: tx(['车牌号', 'Plate']), dataIndex: 'plateNo' },
      {
        title: tx(['车牌颜色', 'Plate colour']),
        dataIndex: 'plateColor',
        render: (v: string | null) => dictText(dicts, 'plate_color', v) || '--',
      },
      { title: tx(['审核状态', 'Review state']), dataIndex: 'state', render: stateTag },
    ],
    removeConfirm: ['确定将该车辆移出车队吗?', 'Remove this vehicle from the fleet?'],
    actionsWidth: 90,
  });

  return (
    <SideDrawer
      open={Boolean(captain)}
      onClose={onClose}
      width={760}
      title={`${tx(['车队管理', 'Fleet'])} · ${String(captain?.captainName ?? '')}`}
      data-testid="captain-fleet"
    >
      <Tabs
        items={[
          {
            key: 'drivers',
            label: `${tx(['司机', 'Drivers'])} (${members.data?.drivers.length ?? 0})`,
            children: driverTab,
          },
          {
            key: 'vehicles',
            label: `${tx(['车辆', 'Vehicles'])} (${members.data?.vehicles.length ?? 0})`,
            children: vehicleTab,
          },
        ]}
      />
      <AgreementModal
        driver={signing}
        onClose={() => setSigning(null)}
        onSave={async (values) => {
          if (!signing) return;
          const saved = await change(
            () => api.post(`${BASE}/agreement`, { captainId, driverId: signing.id, ...values }),
            ['代收运费协议已保存', 'Agreement saved'],
          );
          if (saved) setSigning(null);
        }}
      />
    </SideDrawer>
  );
}

interface AgreementForm {
  agreementNo?: string;
  agreementImg?: string;
  validFrom?: Dayjs | null;
  validTo?: Dayjs | null;
}

function AgreementModal({
  driver,
  onClose,
  onSave,
}: {
  driver: { driverName: string; agreement: Agreement | null } | null;
  onClose: () => void;
  onSave: (values: Agreement) => Promise<void>;
}) {
  const tx = useBilingual();
  const [form] = Form.useForm<AgreementForm>();
  const [busy, setBusy] = useState(false);
  const uploads = useUploadTracking();
  const a = driver?.agreement;
  const day = (v?: string | null) => (v ? dayjs(v) : null);

  async function submit() {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await onSave({
        agreementNo: values.agreementNo?.trim() || null,
        agreementImg: String(values.agreementImg),
        validFrom: values.validFrom ? values.validFrom.format('YYYY-MM-DD') : null,
        validTo: values.validTo ? values.validTo.format('YYYY-MM-DD') : null,
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={Boolean(driver)}
      title={`${tx(['代收运费协议', 'Collection agreement'])} · ${driver?.driverName ?? ''}`}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      okButtonProps={{ disabled: uploads.uploading }}
      destroyOnHidden
    >
      <UploadTrackerProvider value={uploads.track}>
        <Form<AgreementForm>
          form={form}
          layout="vertical"
          name="collection-agreement"
          preserve={false}
          initialValues={{
            agreementNo: a?.agreementNo ?? undefined,
            agreementImg: a?.agreementImg,
            validFrom: day(a?.validFrom),
            validTo: day(a?.validTo),
          }}
        >
          <TextItem name="agreementNo" label={tx(['协议编号', 'Agreement no.'])} maxLength={50} />
          <RequiredImageItem
            name="agreementImg"
            label={tx(['协议文件', 'Signed agreement'])}
            biz="captain"
            message={tx(['请上传协议', 'Upload the signed agreement'])}
          />
          <Space size={16} wrap>
            <Form.Item name="validFrom" label={tx(['有效期起', 'Valid from'])}>
              <DatePicker />
            </Form.Item>
            <Form.Item
              name="validTo"
              label={tx(['有效期至', 'Valid to'])}
              dependencies={['validFrom']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: async (_r, value: Dayjs | null) => {
                    const from = getFieldValue('validFrom') as Dayjs | null;
                    if (value && from && value.isBefore(from, 'day'))
                      throw new Error(tx(['协议有效期止不能早于有效期起', 'Ends before it starts']));
                  },
                }),
              ]}
            >
              <DatePicker />
            </Form.Item>
          </Space>
        </Form>
      </UploadTrackerProvider>
    </Modal>
  );
}
