// 司机管理 (`/wlhy/hydriver/HyDriverList`): drivers with certificates, review and blacklist.
import { driverResource, VERIFICATION_SUBJECT } from '@freight/contracts';
import { Modal } from 'antd';
import { queryClient } from '../../../app/queryClient';
import { pageOf, type ResourcePageDef } from '../../../components/resource';
import { api } from '../../../services/request';
import { ListWithBindings } from '../components/DriverVehicleBindings';
import { submitAction } from '../components/partyFields';
import { verificationProps } from '../components/verificationProps';

export const driverPage: ResourcePageDef = pageOf(driverResource, {
  review: true,
  ...verificationProps(driverResource.path, VERIFICATION_SUBJECT.driver),
  // A review, submission or import changes the pending counters the header bell shows.
  onChanged: () => void queryClient.invalidateQueries({ queryKey: ['pendingCounts'] }),
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
});

export default function HyDriverList() {
  return <ListWithBindings def={driverPage} side="driver" />;
}
