import { bankBody, driverBankBody } from '../freightParties.ts';
import { resource } from '../resource.ts';
import { identifierColumn, longTextColumn, pickedOwner, recordName } from './fields.ts';
import { tenantRecords } from './listPresets.ts';
import { reviewFields } from './parties.ts';

// Banks a driver's card may be opened at, and the drivers' cards their freight is paid to.

export const bankResource = resource({
  path: '/bank/hyBank',
  permission: 'bank',
  title: ['银行管理', 'Banks'],
  // A bank with cards is disabled rather than deleted: the server refuses the delete.
  actions: ['add', 'edit', 'delete', 'export', 'import'],
  body: bankBody,
  fields: {
    bankCode: {
      label: ['银行代码', 'Bank code'],
      required: true,
      search: true,
      sort: true,
      // Cards and fund-flow records carry the code: it is set once.
      form: 'add',
      placeholder: ['如 ICBC', 'e.g. ICBC'],
      list: { fixed: 'left', width: 110 },
    },
    bankName: recordName(['银行名称', 'Bank name'], { width: 200 }),
    shortName: { label: ['简称', 'Short name'], search: 'like', list: { width: 120 } },
    sortNo: { label: ['排序', 'Order'], kind: 'number', sort: true, list: { width: 80 } },
    enabled: {
      label: ['启用', 'Enabled'],
      kind: 'switch',
      options: [
        { value: 'true', label: ['启用', 'Enabled'] },
        { value: 'false', label: ['停用', 'Disabled'] },
      ],
      search: true,
      list: { width: 90 },
    },
    createTime: {
      label: ['创建时间', 'Created'],
      kind: 'datetime',
      form: false,
      sort: true,
      filter: true,
      export: false,
    },
  },
});

/**
 * A driver's card (domain.md driver bank card): Luhn-checked number at a bank of the list, one default card
 * per driver, reviewed like the parties. The holder is the driver, or the driver's captain under a collection
 * agreement: the server checks that.
 */
export const driverBankResource = resource({
  path: '/hydriverbank/hyDriverBank',
  permission: 'driverbank',
  title: ['司机银行卡', 'Driver bank cards'],
  ...tenantRecords,
  body: driverBankBody,
  fields: {
    // A card stays with its driver: chosen when adding.
    driverId: pickedOwner(['司机', 'Driver']),
    driverName: identifierColumn(['司机', 'Driver'], { fixed: 'left', width: 100 }, { form: false }),
    cardNo: {
      label: ['银行卡号', 'Card number'],
      required: true,
      search: true,
      list: { width: 200, copyable: true },
    },
    holderName: { label: ['持卡人', 'Holder'], required: true, search: true, list: { width: 100 } },
    holderIdCard: {
      label: ['持卡人身份证号', 'Holder ID number'],
      required: true,
      filter: true,
      list: { width: 180 },
    },
    bankCode: {
      label: ['银行代码', 'Bank code'],
      required: true,
      filter: true,
      list: false,
      detail: false,
    },
    bankName: { label: ['开户银行', 'Bank'], form: false, list: { width: 150 } },
    branch: longTextColumn(['开户网点', 'Branch'], 160),
    reservedMobile: { label: ['预留手机号', 'Reserved mobile'], list: false },
    isDefault: {
      label: ['默认', 'Default'],
      kind: 'switch',
      search: true,
      options: [
        { value: 'true', label: ['是', 'Yes'] },
        { value: 'false', label: ['否', 'No'] },
      ],
      list: { width: 80 },
    },
    ...reviewFields,
  },
});
