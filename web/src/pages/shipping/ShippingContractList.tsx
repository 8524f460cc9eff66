// 运输合同: the platform's electronic transport contracts — the carrier contract of each accepted waybill (signed
// by the accept) and the shippers' framework contracts — with the signed PDF's download and its verification
// (the stored file's digest recomputed and the CA's signature checked). Staff sign a shipper's framework
// contract for a period from the toolbar, and edit the carrier template's violation clause (违规扣款条款);
// a shipper sees its own contracts.
import { transportContractResource } from '@freight/contracts';
import { DatePicker, Form, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useCustomerOptions } from '../../components/finance/useCustomerOptions';
import { PostDialog } from '../../components/form/PostDialog';
import { ResourceListPage, useResourcePage } from '../../components/resource';
import { useBilingual } from '../../components/resource/text';
import { announceChange } from '../../services/resourceEvents';
import { CONTRACT_PATH, downloadContract, useVerifyContract } from './components/contractActions';
import { PenaltyClauseDialog } from './components/PenaltyClauseDialog';

function FrameworkDialog({ onClose }: { onClose: (changed: boolean) => void }) {
  const tx = useBilingual();
  const customers = useCustomerOptions();
  return (
    <PostDialog<{ customerId: string; period: [Dayjs, Dayjs] }>
      title={tx(['签署托运框架合同', 'Sign a shipper framework contract'])}
      okText={tx(['生成并签署', 'Generate and sign'])}
      url={`${CONTRACT_PATH}/framework`}
      body={(values) => ({
        customerId: values.customerId,
        periodFrom: values.period[0].format('YYYY-MM-DD'),
        periodTo: values.period[1].format('YYYY-MM-DD'),
      })}
      onClose={onClose}
    >
      <Form.Item
        name="customerId"
        label={tx(['货主', 'Shipper'])}
        rules={[{ required: true, message: tx(['请选择货主', 'Choose a shipper']) }]}
      >
        <Select showSearch optionFilterProp="label" options={customers} data-testid="framework-customer" />
      </Form.Item>
      <Form.Item
        name="period"
        label={tx(['合同期限', 'Period'])}
        rules={[{ required: true, message: tx(['请选择合同期限', 'Choose the period']) }]}
      >
        <DatePicker.RangePicker style={{ width: '100%' }} />
      </Form.Item>
    </PostDialog>
  );
}

export default function ShippingContractList() {
  const verify = useVerifyContract();
  const [framework, setFramework] = useState(false);
  const [clause, setClause] = useState(false);
  const def = useResourcePage(transportContractResource, [verify], () => ({
    rowActions: [
      {
        key: 'pdf',
        label: ['下载PDF', 'Download PDF'],
        // Whoever lists the contract may download and verify it (the routes check shipping:contract:list).
        run: (row) => downloadContract(row),
      },
      { key: 'verify', label: ['验证', 'Verify'], run: (row) => verify(row) },
    ],
    toolbar: [
      {
        key: 'framework',
        label: ['签署框架合同', 'Sign framework contract'],
        perm: 'shipping:contract:sign',
        run: () => setFramework(true),
      },
      {
        key: 'clause',
        label: ['违规扣款条款', 'Violation clause'],
        perm: 'shipping:contract:clause',
        run: () => setClause(true),
      },
    ],
  }));
  return (
    <>
      <ResourceListPage def={def} />
      {framework && (
        <FrameworkDialog
          onClose={(changed) => {
            setFramework(false);
            if (changed) announceChange(CONTRACT_PATH);
          }}
        />
      )}
      {clause && <PenaltyClauseDialog onClose={() => setClause(false)} />}
    </>
  );
}
