// 司机银行卡 (domain.md driver bank card): Luhn-checked card numbers at a bank of /bank/hyBank,
// one default card per driver, reviewed like the parties. The holder is the driver, or the driver's captain
// under a collection agreement: the server checks that and its refusal is shown on the form.

import { driverBankResource, VERIFICATION_SUBJECT } from '@freight/contracts';
import { Tag } from 'antd';
import { pageOf, ResourceListPage, type ResourcePageDef } from '../../../components/resource';
import { pickText } from '../../../components/resource/text';
import i18n from '../../../locales/i18n';
import { feedback } from '../../../services/feedback';
import { api } from '../../../services/request';
import { BankSelect } from '../components/BankSelect';
import { CardDriverSelect } from '../components/CardDriverSelect';
import { FieldItem } from '../components/FieldItem';
import { submitAction } from '../components/partyFields';
import { verificationProps } from '../components/verificationProps';

const { path, permission } = driverBankResource;

/** 6222 0212 3456 7890 123: groups of four, as printed on the card. */
const grouped = (value: unknown) => String(value ?? '').replace(/(\d{4})(?=\d)/g, '$1 ');

export const driverBankPage: ResourcePageDef = pageOf(driverBankResource, {
  review: true,
  ...verificationProps(driverBankResource.path, VERIFICATION_SUBJECT.driverBank),
  fields: {
    driverId: {
      renderFormItem: (ctx) => (
        <FieldItem ctx={ctx}>
          <CardDriverSelect
            disabled={ctx.disabled}
            initialLabel={ctx.editingRow ? String(ctx.editingRow.driverName ?? '') : undefined}
          />
        </FieldItem>
      ),
    },
    cardNo: { render: (value) => grouped(value) },
    bankCode: {
      renderFormItem: (ctx) => (
        <FieldItem ctx={ctx}>
          <BankSelect disabled={ctx.disabled} />
        </FieldItem>
      ),
    },
    isDefault: {
      render: (value) =>
        value ? <Tag color="blue">{pickText(['默认', 'Default'], i18n.language ?? 'zh-CN')}</Tag> : '--',
    },
  },
  rowActions: [
    submitAction(path, permission),
    {
      key: 'setDefault',
      label: ['设为默认', 'Make default'],
      perm: `${permission}:edit`,
      visible: (row) => !row.isDefault,
      confirm: ['设为该司机的默认银行卡?', "Make this the driver's default card?"],
      run: async (row, { reload }) => {
        await api.post(`${path}/setDefault`, { id: row.id });
        feedback.message.success(
          pickText(['已设为默认银行卡', 'Default card set'], i18n.language ?? 'zh-CN'),
        );
        reload();
      },
    },
  ],
});

export default function HyDriverBankList() {
  return <ResourceListPage def={driverBankPage} />;
}
