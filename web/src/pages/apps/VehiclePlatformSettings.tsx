// 全国道路货运车辆公共监管与服务平台 access: endpoint, account and key. The key is never shown again: the form
// shows whether one is stored (masked) and sends a new one only when typed.
import {
  type VehiclePlatformSettings as Stored,
  type VehiclePlatformSettingsBody,
  vehiclePlatformSettingsBody,
} from '@freight/contracts';
import { Alert, Button, Form, Input, Space, Tag } from 'antd';
import { useBilingual } from '../../components/resource/text';
import { errorText } from '../../services/request';
import { SettingsSection } from './components/SettingsSection';
import { useSettingsForm } from './components/useSettingsForm';

const PATH = '/setting/hySetting/vehiclePlatform';

export function VehiclePlatformSettings({ editable }: { editable: boolean }) {
  const tx = useBilingual();
  const { form, stored, saving, save } = useSettingsForm<Stored, VehiclePlatformSettingsBody>({
    path: PATH,
    queryKey: 'vehiclePlatformSettings',
    schema: vehiclePlatformSettingsBody,
    toForm: (data) => ({ endpoint: data.endpoint, account: data.account, secret: '' }),
    saved: ['货运平台接入设置已保存', 'Vehicle platform settings saved'],
  });

  if (stored.error) return <Alert type="error" showIcon message={errorText(stored.error)} />;
  const data = stored.data;
  return (
    <Form form={form} layout="vertical" disabled={!editable} data-testid="vehicle-platform-form">
      <SettingsSection title={['全国货运车辆平台（北斗）', 'National vehicle platform (Beidou)']} />
      <Space style={{ marginBottom: 12 }}>
        <Tag color={data?.provider === 'simulated' ? 'blue' : 'green'}>
          {data?.provider === 'simulated'
            ? tx(['模拟平台', 'Simulated platform'])
            : tx(['已配置接口', 'Endpoint configured'])}
        </Tag>
      </Space>
      <Form.Item
        name="endpoint"
        label={tx(['接口地址', 'Endpoint'])}
        extra={tx([
          '留空使用产品自带的模拟平台（车牌以 404 结尾的视为未入网）',
          'Empty: the built-in simulated platform (plates ending in 404 are not connected)',
        ])}
      >
        <Input allowClear placeholder="https://" />
      </Form.Item>
      <Form.Item name="account" label={tx(['接入账号', 'Account'])}>
        <Input allowClear />
      </Form.Item>
      <Form.Item
        name="secret"
        label={tx(['接入密钥', 'Key'])}
        extra={
          data?.secretSet
            ? tx([
                `已保存 ${data.secretMask}，留空不修改`,
                `Stored ${data.secretMask}; leave empty to keep it`,
              ])
            : tx(['未保存密钥', 'No key stored'])
        }
      >
        <Input.Password autoComplete="new-password" data-testid="vehicle-platform-secret" />
      </Form.Item>
      {editable && (
        <Button loading={saving} onClick={() => void save()} data-testid="vehicle-platform-save">
          {tx(['保存接入设置', 'Save access settings'])}
        </Button>
      )}
    </Form>
  );
}
