// 平台设置: the platform's name, logos, login background, footer, the vehicle-track switch
// and the AMap key with its security code, with a live preview of the login page and the header. Saving
// updates the console at once (the platform store), and every login page from its next load.
import {
  PLATFORM_IMAGE_KEYS,
  type PlatformSettings,
  type PlatformSettingsBody,
  platformSettingsBody,
} from '@freight/contracts';
import { Alert, Button, Card, Col, Form, Input, Row, Skeleton, Space, Switch, Typography } from 'antd';
import { ImageUpload } from '../../components/resource/ImageUpload';
import { useBilingual } from '../../components/resource/text';
import { useCan } from '../../components/resource/useCan';
import { UploadTrackerProvider, useUploadTracking } from '../../components/upload';
import { SignedImage } from '../../components/upload/SignedImage';
import { assetUrl, DEFAULT_LOGIN_BG, DEFAULT_LOGO_DARK, DEFAULT_LOGO_LIGHT } from '../../services/assets';
import { platformApi } from '../../services/platformApi';
import { errorText } from '../../services/request';
import { usePlatform } from '../../stores/platform';
import { SettingsSection } from './components/SettingsSection';
import { useSettingsForm } from './components/useSettingsForm';
import { VehiclePlatformSettings } from './VehiclePlatformSettings';

type Values = PlatformSettingsBody;
const SETTINGS_API = '/setting/hySetting/platform';
const isUpload = (value?: string) =>
  Boolean(value) && !value?.startsWith('/') && !/^(https?:|data:)/i.test(value ?? '');

/** An image setting as it will show: a fresh upload through its signed link, a site path as it is. */
function BrandImage({ value, fallback, height }: { value?: string; fallback: string; height: number }) {
  if (isUpload(value)) return <SignedImage path={String(value)} height={height} preview={false} />;
  return <img src={assetUrl(value, fallback)} alt="" style={{ height }} />;
}

function Preview({ values }: { values: Partial<Values> }) {
  const tx = useBilingual();
  const name = values.web_platform_name?.trim() || '—';
  const bg = isUpload(values.bg) ? undefined : assetUrl(values.bg, DEFAULT_LOGIN_BG);
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12} data-testid="settings-preview">
      <Typography.Text type="secondary">{tx(['登录页预览', 'Login page preview'])}</Typography.Text>
      <div
        style={{
          borderRadius: 8,
          padding: 16,
          minHeight: 180,
          background: bg ? `#f0f2f5 url("${bg}") center / cover` : '#f0f2f5',
          border: '1px solid #f0f0f0',
        }}
      >
        <Space align="center">
          <BrandImage value={values.platform_logo_light} fallback={DEFAULT_LOGO_LIGHT} height={32} />
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="preview-name">
            {name}
          </Typography.Title>
        </Space>
        {values.logo_title && <div style={{ marginTop: 4, color: '#595959' }}>{values.logo_title}</div>}
        <div
          style={{
            margin: '16px auto',
            width: 180,
            height: 56,
            background: '#fff',
            borderRadius: 6,
            opacity: 0.9,
          }}
        />
        <div style={{ fontSize: 12, color: '#595959', textAlign: 'center' }}>
          {[values.footer_company_name, values.footer_customer_service, values.footer_ICP_number]
            .filter(Boolean)
            .join(' · ')}
        </div>
      </div>
      <Typography.Text type="secondary">{tx(['顶栏预览（暗色）', 'Header preview (dark)'])}</Typography.Text>
      <div style={{ background: '#001529', borderRadius: 8, padding: '10px 16px' }}>
        <Space align="center">
          <BrandImage value={values.platform_logo_dark} fallback={DEFAULT_LOGO_DARK} height={28} />
          <span style={{ color: '#fff', fontWeight: 600 }}>{name}</span>
        </Space>
      </div>
    </Space>
  );
}

export default function PlatformSettingList() {
  const tx = useBilingual();
  const can = useCan();
  const setPlatform = usePlatform((s) => s.set);
  const { form, stored, saving, save } = useSettingsForm<PlatformSettings, Values>({
    path: SETTINGS_API,
    queryKey: 'platformSettingsStored',
    schema: platformSettingsBody,
    toForm: (data) => data as Partial<Values>,
    // The console's own header and title follow at once; login pages read the settings when they load.
    afterSave: async () => setPlatform(await platformApi.settings()),
    saved: ['平台设置已保存', 'Platform settings saved'],
  });
  const values = Form.useWatch([], form) ?? {};
  const uploads = useUploadTracking();
  const editable = can('apps:setting:edit');

  if (stored.error) return <Alert type="error" showIcon message={errorText(stored.error)} />;
  const text = (name: keyof Values, label: [string, string], extra?: [string, string]) => (
    <Form.Item name={name} label={tx(label)} extra={extra ? tx(extra) : undefined}>
      <Input disabled={!editable} allowClear />
    </Form.Item>
  );
  return (
    <Card variant="borderless" title={tx(['平台设置', 'Platform settings'])}>
      {stored.isLoading ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <Row gutter={[32, 16]}>
          <Col xs={24} lg={14}>
            <UploadTrackerProvider value={uploads.track}>
              <Form form={form} layout="vertical" disabled={!editable} data-testid="platform-settings-form">
                <SettingsSection title={['基本信息', 'Identity']} />
                <Form.Item
                  name="web_platform_name"
                  label={tx(['平台名称', 'Platform name'])}
                  rules={[{ required: true, message: tx(['请输入平台名称', 'Enter the platform name']) }]}
                >
                  <Input maxLength={30} showCount />
                </Form.Item>
                {text('logo_title', ['副标题', 'Subtitle'])}
                <Row gutter={16}>
                  {PLATFORM_IMAGE_KEYS.map((key) => (
                    <Col xs={24} sm={8} key={key}>
                      <Form.Item
                        name={key}
                        label={tx(
                          key === 'platform_logo_light'
                            ? ['浅色 Logo', 'Light logo']
                            : key === 'platform_logo_dark'
                              ? ['深色 Logo', 'Dark logo']
                              : ['登录背景', 'Login background'],
                        )}
                      >
                        <ImageUpload biz="brand" disabled={!editable} />
                      </Form.Item>
                    </Col>
                  ))}
                </Row>
                <SettingsSection title={['页脚', 'Footer']} />
                {text('footer_company_name', ['公司名称', 'Company name'])}
                {text(
                  'footer_company_name_link',
                  ['公司链接', 'Company link'],
                  ['以 http(s):// 开头', 'Starts with http(s)://'],
                )}
                {text('footer_address', ['地址', 'Address'])}
                {text('footer_customer_service', ['客服电话', 'Customer service'])}
                {text('footer_web_record_number', ['网站备案号', 'Website record no.'])}
                {text('footer_ICP_number', ['ICP 许可证号', 'ICP licence no.'])}
                <SettingsSection title={['地图与轨迹', 'Maps and tracks']} />
                <Form.Item
                  name="vehicle_track_switch"
                  label={tx(['车辆轨迹', 'Vehicle tracks'])}
                  getValueProps={(v) => ({ checked: v === '1' })}
                  normalize={(checked: boolean) => (checked ? '1' : '0')}
                >
                  <Switch />
                </Form.Item>
                {text(
                  'gd_web',
                  ['高德 Web Key', 'AMap web key'],
                  [
                    '留空时地图使用离线底图（坐标网格与城市点）',
                    'Empty: maps use the offline base (grid and city points)',
                  ],
                )}
                {text('gd_web_security', ['高德安全密钥', 'AMap security code'])}
                {editable && (
                  <Button
                    type="primary"
                    loading={saving}
                    disabled={uploads.uploading}
                    onClick={() => void save()}
                    data-testid="platform-settings-save"
                  >
                    {tx(['保存', 'Save'])}
                  </Button>
                )}
              </Form>
            </UploadTrackerProvider>
            <VehiclePlatformSettings editable={editable} />
          </Col>
          <Col xs={24} lg={10}>
            <Preview values={values} />
          </Col>
        </Row>
      )}
    </Card>
  );
}
