// 企业应用: API credentials of a customer's own systems for the signed open API (/openapi/v1). The
// secret is shown once, in a dialog, when the app is made and when it is rotated; the list shows its last four.
import { ProFormSelect } from '@ant-design/pro-components';
import {
  type EnterpriseAppCredentials,
  enterpriseAppBody,
  enterpriseAppResource,
  OPENAPI_SCOPES,
  USER_TYPE,
} from '@freight/contracts';
import { Alert, App, Modal, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { CustomerFormSelect } from '../../components/finance/CustomerFormSelect';
import { pageOf, ResourceListPage, type ResourcePageDef } from '../../components/resource';
import { useBilingual } from '../../components/resource/text';
import type { Bilingual } from '../../components/resource/types';
import { api } from '../../services/request';
import { useSession } from '../../stores/session';

const PERM = enterpriseAppResource.permission;
const split = (value: unknown): string[] =>
  String(value ?? '')
    .split(/[\s,;]+/)
    .filter(Boolean);

function SecretDialog({ shown, onClose }: { shown: EnterpriseAppCredentials | null; onClose: () => void }) {
  const tx = useBilingual();
  return (
    <Modal
      open={Boolean(shown)}
      title={tx(['应用密钥', 'App secret'])}
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      okText={tx(['我已保存', 'I have saved it'])}
      maskClosable={false}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert
          type="warning"
          showIcon
          message={tx([
            '密钥只显示这一次，关闭后无法再次查看，请立即复制保存',
            'The secret is shown only once: copy it now',
          ])}
        />
        <div>
          <Typography.Text type="secondary">App Key</Typography.Text>
          <Typography.Paragraph copyable code data-testid="app-key">
            {shown?.appKey}
          </Typography.Paragraph>
        </div>
        <div>
          <Typography.Text type="secondary">App Secret</Typography.Text>
          <Typography.Paragraph copyable code data-testid="app-secret" style={{ wordBreak: 'break-all' }}>
            {shown?.appSecret}
          </Typography.Paragraph>
        </div>
      </Space>
    </Modal>
  );
}

export default function EnterpriseAppList() {
  const tx = useBilingual();
  const { message } = App.useApp();
  const staff = useSession((s) => s.userType === USER_TYPE.system);
  const [shown, setShown] = useState<EnterpriseAppCredentials | null>(null);
  const def = useMemo<ResourcePageDef>(() => {
    /** Turns an app on or off and tells so. */
    const setEnabled =
      (enabled: boolean, done: Bilingual) =>
      async (row: Record<string, unknown>, helpers: { reload: () => void }) => {
        await api.post(`${enterpriseAppResource.path}/enable`, { id: row.id, enabled });
        message.success(tx(done));
        helpers.reload();
      };
    return pageOf(enterpriseAppResource, {
      schema: enterpriseAppBody,
      fields: {
        scopes: {
          render: (value) => (
            <Space size={4} wrap>
              {split(value).map((scope) => (
                <Tag key={scope} color="blue">
                  {scope}
                </Tag>
              ))}
            </Space>
          ),
          renderFormItem: (ctx) => (
            <ProFormSelect
              key={ctx.name}
              name={ctx.name}
              label={ctx.label}
              colProps={{ span: 24 }}
              mode="multiple"
              options={OPENAPI_SCOPES.map((scope) => ({ value: scope, label: scope }))}
              disabled={ctx.disabled}
              rules={[{ required: true, message: tx(['请至少选择一个权限范围', 'Choose a scope']) }]}
            />
          ),
        },
        customerId: {
          renderFormItem: (ctx) =>
            staff && !ctx.editing ? <CustomerFormSelect key={ctx.name} ctx={ctx} /> : null,
        },
        ipAllowList: { render: (value) => (value ? split(value).join(', ') : tx(['不限', 'Any'])) },
        webhookUrl: { render: (value) => (value ? String(value) : '--') },
        lastUsedAt: { render: (value) => (value ? String(value) : tx(['从未调用', 'Never'])) },
      },
      addDefaults: { scopes: ['waybills:read', 'tracks:read'], rateLimitPerMinute: 600, enabled: true },
      toForm: (row) => ({
        ...row,
        scopes: split(row.scopes),
        ipAllowList: split(row.ipAllowList).join('\n'),
      }),
      onAdded: (result) => {
        if (result && typeof result === 'object' && 'appSecret' in result)
          setShown(result as EnterpriseAppCredentials);
      },
      rowActions: [
        {
          key: 'disable',
          label: ['停用', 'Disable'],
          perm: `${PERM}:edit`,
          danger: true,
          visible: (row) => row.enabled === true,
          confirm: [
            '停用后该应用的调用和回调立即失效，确定停用？',
            'Calls and webhooks stop at once. Disable?',
          ],
          run: setEnabled(false, ['已停用', 'Disabled']),
        },
        {
          key: 'enable',
          label: ['启用', 'Enable'],
          perm: `${PERM}:edit`,
          visible: (row) => row.enabled !== true,
          run: setEnabled(true, ['已启用', 'Enabled']),
        },
        {
          key: 'rotate',
          label: ['更换密钥', 'Rotate secret'],
          perm: `${PERM}:rotate`,
          danger: true,
          confirm: ['更换后旧密钥立即失效，确定更换？', 'The old secret stops working at once. Rotate?'],
          run: async (row, helpers) => {
            const answer = await api.post<EnterpriseAppCredentials>(
              `${enterpriseAppResource.path}/rotateSecret`,
              { id: row.id },
            );
            setShown(answer);
            helpers.reload();
          },
        },
      ],
    });
  }, [staff, tx, message]);
  return (
    <>
      <ResourceListPage def={def} />
      <SecretDialog shown={shown} onClose={() => setShown(null)} />
    </>
  );
}
