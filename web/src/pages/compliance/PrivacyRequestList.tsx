// 个人信息申请: the requests of people about their own data. Staff file one for a driver who asked
// in the app or in person (found by the ID number): an export is produced at once (JSON and Excel, whole), a
// deletion is refused with the retention reason and date while waybills, payments or tax records must be kept,
// otherwise carried out as anonymisation; a correction waits for 处理.
import {
  type Envelope,
  PRIVACY_REQUEST_KIND_OPTIONS,
  type PrivacyRequestBody,
  privacyRequestResource,
} from '@freight/contracts';
import { App, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { ResourceListPage, useResourcePage } from '../../components/resource';
import { PageNote } from '../../components/resource/PageNote';
import { useBilingual } from '../../components/resource/text';
import { download, getEnvelope, postEnvelope } from '../../services/request';

const perm = privacyRequestResource.permission;

async function saveExport(subjectType: string, subjectId: string, format: 'json' | 'xlsx') {
  const { blob, fileName } = await download('/privacy/request/exportData', {
    subjectType,
    subjectId,
    format,
  });
  const text = format === 'json' ? await blob.text() : null;
  if (text?.includes('"success":false')) throw new Error((JSON.parse(text) as Envelope<unknown>).message);
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName ?? `personal-data.${format}`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

interface NewRequest {
  kind: PrivacyRequestBody['kind'];
  idCard: string;
  detail?: string;
}

export default function PrivacyRequestList() {
  const tx = useBilingual();
  const { message, modal } = App.useApp();
  const [filing, setFiling] = useState<null | (() => void)>(null);
  const [form] = Form.useForm<NewRequest>();

  const submit = async () => {
    const values = await form.validateFields();
    const found = (await getEnvelope<{ records: Array<{ id: string }> }>('/hydriver/hyDriver/list', {
      idCard: values.idCard.trim(),
      pageSize: 1,
    })) as Envelope<{ records: Array<{ id: string }> }>;
    const driverId = found.result?.records?.[0]?.id;
    if (!driverId) throw new Error(tx(['未找到该身份证号的司机', 'No driver has this ID number']));
    const env = (await postEnvelope('/privacy/request/submit', {
      kind: values.kind,
      subjectType: 'driver',
      subjectId: driverId,
      detail: values.detail,
    })) as Envelope<{ state: string; result: string | null }>;
    if (!env.success) throw new Error(env.message);
    if (env.result?.state === 'refused')
      modal.warning({ title: tx(['不能删除', 'Not deleted']), content: env.message });
    else message.success(env.message);
    if (values.kind === 'export') await saveExport('driver', driverId, 'xlsx');
    filing?.();
    setFiling(null);
    form.resetFields();
  };

  const def = useResourcePage(privacyRequestResource, [message, modal, tx], () => ({
    header: (
      <PageNote
        text={[
          '本人可在账户中提出申请；司机的申请由工作人员核实身份后代为提交。存在运单、付款或完税记录的，在法定保存期内不能删除。',
          'People file their own requests from their account; a driver’s is filed by staff after checking who asks. Records with waybills, payments or tax records cannot be deleted within their legal retention.',
        ]}
      />
    ),
    toolbar: [
      {
        key: 'file',
        label: ['代司机提交申请', 'File for a driver'],
        perm: `${perm}:handle`,
        run: (_selected, helpers) => setFiling(() => helpers.reload),
      },
    ],
    rowActions: [
      {
        key: 'json',
        label: ['导出JSON', 'Export JSON'],
        perm: `${perm}:handle`,
        visible: (row) => row.kind === 'export' && row.state === 'done',
        run: (row) => saveExport(String(row.subjectType), String(row.subjectId), 'json'),
      },
      {
        key: 'xlsx',
        label: ['导出Excel', 'Export Excel'],
        perm: `${perm}:handle`,
        visible: (row) => row.kind === 'export' && row.state === 'done',
        run: (row) => saveExport(String(row.subjectType), String(row.subjectId), 'xlsx'),
      },
      {
        key: 'handle',
        label: ['处理', 'Handle'],
        perm: `${perm}:handle`,
        visible: (row) => row.kind === 'correct' && row.state === 'pending',
        run: (row, helpers) =>
          new Promise<void>((resolve) => {
            let result = '';
            modal.confirm({
              title: tx(['处理更正申请', 'Handle the correction']),
              content: (
                <Input.TextArea
                  rows={3}
                  placeholder={tx(['处理结果', 'Outcome'])}
                  onChange={(e) => {
                    result = e.target.value;
                  }}
                  data-testid="privacy-handle-result"
                />
              ),
              onOk: async () => {
                const env = (await postEnvelope('/privacy/request/handle', {
                  id: row.id,
                  result,
                })) as Envelope<unknown>;
                if (!env.success) {
                  message.error(env.message);
                  throw new Error(env.message);
                }
                message.success(env.message);
                helpers.reload();
                resolve();
              },
              onCancel: () => resolve(),
            });
          }),
      },
    ],
  }));
  return (
    <>
      <ResourceListPage def={def} />
      <Modal
        open={filing !== null}
        title={tx(['代司机提交申请', 'File for a driver'])}
        onCancel={() => setFiling(null)}
        onOk={() => submit().catch((err: Error) => message.error(err.message))}
        destroyOnHidden
        data-testid="privacy-file"
      >
        <Form form={form} layout="vertical" initialValues={{ kind: 'export' }}>
          <Form.Item name="kind" label={tx(['申请类型', 'Kind'])} rules={[{ required: true }]}>
            <Select
              options={PRIVACY_REQUEST_KIND_OPTIONS.map((o) => ({ value: o.value, label: tx(o.label) }))}
            />
          </Form.Item>
          <Form.Item
            name="idCard"
            label={tx(['司机身份证号', 'Driver ID number'])}
            rules={[{ required: true, message: tx(['请输入身份证号', 'Enter the ID number']) }]}
          >
            <Input maxLength={18} />
          </Form.Item>
          <Form.Item name="detail" label={tx(['申请内容', 'Request'])}>
            <Input.TextArea rows={3} maxLength={1000} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
