// 司机银行卡 (issue 7 §6, domain.md driver bank card): Luhn-checked card numbers at a bank of /bank/hyBank,
// one default card per driver, reviewed like the parties. The holder is the driver, or the driver's captain
// under a collection agreement: the server checks that and its refusal is shown on the form.

import { driverBankBody } from '@freight/contracts';
import { Tag } from 'antd';
import { ResourceListPage, type ResourcePageDef } from '../../../components/resource';
import { pickText } from '../../../components/resource/text';
import i18n from '../../../locales/i18n';
import { feedback } from '../../../services/feedback';
import { api } from '../../../services/request';
import { BankSelect } from '../components/BankSelect';
import { CardDriverSelect } from '../components/CardDriverSelect';
import { FieldItem } from '../components/FieldItem';
import { reviewFields, submitAction } from '../components/partyFields';

const API = '/hydriverbank/hyDriverBank';

/** 6222 0212 3456 7890 123: groups of four, as printed on the card. */
const grouped = (value: unknown) => String(value ?? '').replace(/(\d{4})(?=\d)/g, '$1 ');

export const driverBankPage: ResourcePageDef = {
  api: API,
  title: ['司机银行卡', 'Driver bank cards'],
  perm: 'driverbank',
  schema: driverBankBody,
  review: true,
  urlFilters: ['state'],
  actions: { import: false },
  fields: [
    {
      name: 'driverId',
      label: ['司机', 'Driver'],
      required: true,
      // A card stays with its driver.
      form: 'add',
      list: false,
      detail: false,
      renderFormItem: (ctx) => (
        <FieldItem ctx={ctx}>
          <CardDriverSelect
            disabled={ctx.disabled}
            initialLabel={ctx.editingRow ? String(ctx.editingRow.driverName ?? '') : undefined}
          />
        </FieldItem>
      ),
    },
    {
      name: 'driverName',
      label: ['司机', 'Driver'],
      form: false,
      search: 'like',
      sorter: true,
      list: { fixed: 'left', width: 100 },
    },
    {
      name: 'cardNo',
      label: ['银行卡号', 'Card number'],
      required: true,
      search: true,
      list: { width: 200, copyable: true },
      render: (value) => grouped(value),
    },
    {
      name: 'bankCode',
      label: ['开户银行', 'Bank'],
      required: true,
      list: false,
      detail: false,
      renderFormItem: (ctx) => (
        <FieldItem ctx={ctx}>
          <BankSelect disabled={ctx.disabled} />
        </FieldItem>
      ),
    },
    { name: 'bankName', label: ['开户银行', 'Bank'], form: false, list: { width: 150 } },
    { name: 'holderName', label: ['持卡人', 'Holder'], required: true, search: true, list: { width: 100 } },
    {
      name: 'holderIdCard',
      label: ['持卡人身份证号', 'Holder ID number'],
      required: true,
      list: { width: 180 },
    },
    { name: 'branch', label: ['开户网点', 'Branch'], list: { width: 160, ellipsis: true } },
    { name: 'reservedMobile', label: ['预留手机号', 'Reserved mobile'], list: false },
    {
      name: 'isDefault',
      label: ['默认卡', 'Default'],
      kind: 'switch',
      search: true,
      options: [
        { value: 'true', label: ['是', 'Yes'] },
        { value: 'false', label: ['否', 'No'] },
      ],
      list: { width: 80 },
      render: (value) =>
        value ? <Tag color="blue">{pickText(['默认', 'Default'], i18n.language ?? 'zh-CN')}</Tag> : '--',
    },
    ...reviewFields(),
  ],
  rowActions: [
    submitAction(API, 'driverbank'),
    {
      key: 'setDefault',
      label: ['设为默认', 'Make default'],
      perm: 'driverbank:edit',
      visible: (row) => !row.isDefault,
      confirm: ['设为该司机的默认银行卡?', "Make this the driver's default card?"],
      run: async (row, { reload }) => {
        await api.post(`${API}/setDefault`, { id: row.id });
        feedback.message.success(
          pickText(['已设为默认银行卡', 'Default card set'], i18n.language ?? 'zh-CN'),
        );
        reload();
      },
    },
  ],
};

export default function HyDriverBankList() {
  return <ResourceListPage def={driverBankPage} />;
}
