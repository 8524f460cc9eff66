// 消息模板 (component `system/MessageTemplateList`): the texts SMS, mail and WeChat messages are rendered
// from (`${name}` placeholders), with a test send that queues a rendered message for a receiver.
import { ModalForm, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { messageTemplateResource, templateTestData } from '@freight/contracts';
import { message } from 'antd';
import { useMemo, useState } from 'react';
import { pageOf, ResourceListPage, type ResourcePageDef } from '../../components/resource';
import { useBilingual } from '../../components/resource/text';
import { api, errorText } from '../../services/request';

type Row = Record<string, unknown>;

const jsonRule = {
  validator: async (_rule: unknown, value: unknown) => {
    const checked = templateTestData.safeParse(typeof value === 'string' ? value : '');
    if (!checked.success) throw new Error(checked.error.issues[0]?.message);
  },
};

export function messageTemplatePage(onTest: (row: Row) => void): ResourcePageDef {
  return {
    ...pageOf(messageTemplateResource),
    addDefaults: { templateType: '1', useStatus: '1' },
    rowActions: [
      {
        key: 'test',
        label: ['发送测试', 'Test send'],
        perm: 'system:msgtemplate:edit',
        visible: (row) => String(row.useStatus) === '1',
        run: (row) => onTest(row),
      },
    ],
  };
}

export default function MessageTemplateList() {
  const tx = useBilingual();
  const [testing, setTesting] = useState<Row | null>(null);
  const def = useMemo(() => messageTemplatePage(setTesting), []);
  const mail = String(testing?.templateType) === '2';
  return (
    <>
      <ResourceListPage def={def} />
      <ModalForm<{ receiver: string; testData?: string }>
        key={String(testing?.id ?? 'none')}
        title={`${tx(['发送测试', 'Test send'])} · ${String(testing?.templateName ?? '')}`}
        open={Boolean(testing)}
        width={520}
        modalProps={{ destroyOnHidden: true }}
        onOpenChange={(open) => {
          if (!open) setTesting(null);
        }}
        initialValues={{ testData: (testing?.templateTestJson as string | undefined) ?? '' }}
        onFinish={async (values) => {
          try {
            await api.post('/sys/message/sysMessageTemplate/sendMsg', {
              templateCode: testing?.templateCode,
              receiver: values.receiver,
              testData: values.testData?.trim() ? values.testData : null,
            });
          } catch (error) {
            message.error(errorText(error));
            return false;
          }
          message.success(tx(['已加入发送队列', 'Queued']));
          setTesting(null);
          return true;
        }}
      >
        <ProFormText
          name="receiver"
          label={mail ? tx(['接收邮箱', 'Receiver mail']) : tx(['接收人', 'Receiver'])}
          placeholder={mail ? 'name@example.com' : tx(['手机号码', 'Mobile number'])}
          rules={[{ required: true, message: tx(['请输入接收人', 'Enter a receiver']) }]}
        />
        <ProFormTextArea
          name="testData"
          label={tx(['测试数据', 'Test data'])}
          placeholder='{"code":"123456"}'
          rules={[jsonRule]}
        />
      </ModalForm>
    </>
  );
}
