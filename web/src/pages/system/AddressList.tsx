// 通讯录 (component `system/AddressList`): the people of a department and every department below it, with
// their contacts.
import { Col, Row } from 'antd';
import { useMemo, useState } from 'react';
import { ResourceListPage, type ResourcePageDef } from '../../components/resource';
import { DepartTreeCard } from './depart/DepartTreeCard';
import type { DepartOption } from './depart/departTree';

export default function AddressList() {
  const [depart, setDepart] = useState<DepartOption | null>(null);
  const def = useMemo<ResourcePageDef>(
    () => ({
      api: '/sys/user',
      listPath: '/sys/user/queryByOrgCodeForAddressList',
      title: depart
        ? [`通讯录 · ${depart.title}`, `Address list · ${depart.title}`]
        : ['通讯录', 'Address list'],
      perm: 'system:addresslist',
      actions: { add: false, edit: false, delete: false, export: false, import: false },
      fixedQuery: depart ? { orgCode: depart.orgCode } : undefined,
      fields: [
        {
          name: 'realname',
          label: ['姓名', 'Name'],
          search: true,
          sort: true,
          list: { width: 110, fixed: 'left' },
        },
        { name: 'username', label: ['账号', 'Account'], sort: true, list: { width: 120 } },
        { name: 'workNo', label: ['工号', 'Work no.'], search: true, sort: true, list: { width: 100 } },
        { name: 'departName', label: ['部门', 'Department'], list: { width: 180, ellipsis: true } },
        { name: 'postText', label: ['职务', 'Position'], list: { width: 110 } },
        { name: 'phone', label: ['手机号', 'Mobile'], list: { width: 130, copyable: true } },
        { name: 'telephone', label: ['座机', 'Telephone'], list: { width: 120 } },
        { name: 'email', label: ['邮箱', 'E-mail'], list: { width: 180, ellipsis: true } },
      ],
    }),
    [depart],
  );
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} md={7} xl={5}>
        <DepartTreeCard selected={depart} onSelect={setDepart} />
      </Col>
      <Col xs={24} md={17} xl={19}>
        <ResourceListPage key={depart?.key ?? 'all'} def={def} />
      </Col>
    </Row>
  );
}
