// 银行管理 (issue 7 §7): the banks a driver's card may be opened at, with the codes the regulator's fund-flow
// record carries. A bank with cards is disabled rather than deleted (the server refuses the delete).
import { bankBody } from '@freight/contracts';
import { queryClient } from '../../../app/queryClient';
import { ResourceListPage, type ResourcePageDef } from '../../../components/resource';

export const bankPage: ResourcePageDef = {
  api: '/bank/hyBank',
  title: ['银行管理', 'Banks'],
  perm: 'bank',
  schema: bankBody,
  actions: { import: false },
  addDefaults: { enabled: true },
  // The card forms' bank choice (BankSelect) reads the enabled banks.
  onChanged: () => void queryClient.invalidateQueries({ queryKey: ['bankOptions'] }),
  fields: [
    {
      name: 'bankCode',
      label: ['银行代码', 'Bank code'],
      required: true,
      search: true,
      sorter: true,
      // Cards and fund-flow records carry the code: it is set once.
      form: 'add',
      placeholder: ['如 ICBC', 'e.g. ICBC'],
      list: { fixed: 'left', width: 110 },
    },
    {
      name: 'bankName',
      label: ['银行名称', 'Bank name'],
      required: true,
      search: 'like',
      sorter: true,
      list: { width: 200 },
    },
    { name: 'shortName', label: ['简称', 'Short name'], search: 'like', list: { width: 120 } },
    { name: 'sortNo', label: ['排序', 'Order'], kind: 'number', sorter: true, list: { width: 80 } },
    {
      name: 'enabled',
      label: ['启用', 'Enabled'],
      kind: 'switch',
      options: [
        { value: 'true', label: ['启用', 'Enabled'] },
        { value: 'false', label: ['停用', 'Disabled'] },
      ],
      search: true,
      list: { width: 90 },
    },
    {
      name: 'createTime',
      label: ['创建时间', 'Created'],
      kind: 'datetime',
      form: false,
      sorter: true,
    },
  ],
};

export default function HyBankList() {
  return <ResourceListPage def={bankPage} />;
}
