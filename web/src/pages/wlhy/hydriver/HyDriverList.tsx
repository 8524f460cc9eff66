// 司机管理 (spec §2 `/wlhy/hydriver/HyDriverList`): drivers with certificates, review and blacklist.
import { driverBody } from '@freight/contracts';
import { Modal } from 'antd';
import { queryClient } from '../../../app/queryClient';
import type { ResourcePageDef } from '../../../components/resource';
import { api } from '../../../services/request';
import { ListWithBindings } from '../components/DriverVehicleBindings';
import { expiringField, submitAction } from '../components/partyFields';

export const driverPage: ResourcePageDef = {
  api: '/hydriver/hyDriver',
  title: ['司机管理', 'Drivers'],
  perm: 'driver',
  schema: driverBody,
  review: true,
  urlFilters: ['state', 'expiringWithinDays'],
  importTemplate: '/hydriver/hyDriver/importTemplate',
  // A review, submission or import changes the pending counters the header bell shows.
  onChanged: () => void queryClient.invalidateQueries({ queryKey: ['pendingCounts'] }),
  fields: [
    {
      name: 'driverName',
      label: ['司机姓名', 'Name'],
      required: true,
      search: true,
      sorter: true,
      list: { fixed: 'left', width: 110 },
    },
    { name: 'mobile', label: ['手机号', 'Mobile'], required: true, search: true, list: { width: 130 } },
    {
      name: 'state',
      label: ['审核状态', 'Review state'],
      kind: 'dict',
      dict: 'review_state',
      search: true,
      form: false,
      // Beside the name and wide enough for its tag: it was squeezed under the fixed action column.
      list: { width: 100 },
    },
    {
      name: 'idCard',
      label: ['身份证号', 'ID number'],
      required: true,
      search: true,
      list: { width: 180, copyable: true },
    },
    { name: 'idCardValidFrom', label: ['身份证有效期起', 'ID valid from'], kind: 'date', list: false },
    {
      name: 'idCardValidTo',
      label: ['身份证有效期至', 'ID valid to'],
      kind: 'date',
      sorter: true,
      list: { width: 120 },
    },
    {
      name: 'idCardFront',
      label: ['身份证正面', 'ID card front'],
      kind: 'image',
      biz: 'driver',
      list: false,
    },
    { name: 'idCardBack', label: ['身份证反面', 'ID card back'], kind: 'image', biz: 'driver', list: false },
    {
      name: 'drivingClass',
      label: ['准驾车型', 'Licence class'],
      kind: 'dict',
      dict: 'driving_class',
      search: true,
      list: { width: 90 },
    },
    { name: 'drivingFileNo', label: ['驾驶证档案编号', 'Licence file no.'], list: false },
    { name: 'drivingIssuer', label: ['驾驶证发证机关', 'Licence issuer'], list: false },
    { name: 'drivingValidFrom', label: ['驾驶证有效期起', 'Licence valid from'], kind: 'date', list: false },
    {
      name: 'drivingValidTo',
      label: ['驾驶证有效期至', 'Licence valid to'],
      kind: 'date',
      sorter: true,
      list: { width: 120 },
    },
    { name: 'drivingImg', label: ['驾驶证照片', 'Licence photo'], kind: 'image', biz: 'driver', list: false },
    { name: 'qualificationNo', label: ['从业资格证号', 'Qualification no.'], list: false },
    {
      name: 'qualificationValidTo',
      label: ['从业资格证有效期至', 'Qualification valid to'],
      kind: 'date',
      list: false,
    },
    {
      name: 'qualificationImg',
      label: ['从业资格证照片', 'Qualification photo'],
      kind: 'image',
      biz: 'driver',
      list: false,
    },
    { name: 'taxEntrusted', label: ['委托代征', 'Tax entrusted'], kind: 'switch', list: false },
    {
      name: 'score',
      label: ['评分', 'Rating'],
      kind: 'number',
      form: false,
      sorter: true,
      list: { width: 80 },
    },
    {
      name: 'blacklisted',
      label: ['黑名单', 'Blacklisted'],
      kind: 'switch',
      form: false,
      list: { width: 80 },
    },
    { name: 'blacklistReason', label: ['拉黑原因', 'Blacklist reason'], form: false, list: false },
    {
      name: 'rejectReason',
      label: ['驳回原因', 'Rejection reason'],
      form: false,
      list: { width: 160, ellipsis: true },
    },
    expiringField,
    {
      name: 'createTime',
      label: ['创建时间', 'Created'],
      kind: 'datetime',
      form: false,
      sorter: true,
      search: 'range',
      list: { width: 170 },
    },
  ],
  rowActions: [
    submitAction('/hydriver/hyDriver', 'driver'),
    {
      key: 'blacklist',
      label: ['拉黑', 'Blacklist'],
      perm: 'driver:edit',
      danger: true,
      visible: (row) => !row.blacklisted,
      run: (row, { reload }) => {
        let reason = '';
        Modal.confirm({
          title: '拉黑原因',
          content: (
            <textarea
              aria-label="reason"
              style={{ width: '100%', minHeight: 80 }}
              maxLength={255}
              onChange={(e) => {
                reason = e.target.value;
              }}
            />
          ),
          onOk: async () => {
            await api.post('/hydriver/hyDriver/blacklist', { id: row.id, blacklisted: true, reason });
            reload();
          },
        });
      },
    },
    {
      key: 'unblacklist',
      label: ['移出黑名单', 'Remove from blacklist'],
      perm: 'driver:edit',
      visible: (row) => Boolean(row.blacklisted),
      confirm: ['确定移出黑名单吗?', 'Remove from the blacklist?'],
      run: async (row, { reload }) => {
        await api.post('/hydriver/hyDriver/blacklist', { id: row.id, blacklisted: false });
        reload();
      },
    },
  ],
};

export default function HyDriverList() {
  return <ListWithBindings def={driverPage} side="driver" />;
}
