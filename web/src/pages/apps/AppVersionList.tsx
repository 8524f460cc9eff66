// APP版本: the driver app's releases. Android versions carry the uploaded APK, iOS versions the App
// Store link; the app asks `/apps/version/latest` (public) whether to update and whether it must.
import { ProForm, ProFormDependency } from '@ant-design/pro-components';
import { APP_PACKAGE_BIZ, appVersionBody, appVersionResource } from '@freight/contracts';
import { ResourceListPage, useResourcePage } from '../../components/resource';
import { useBilingual } from '../../components/resource/text';
import { FileUpload } from '../../components/upload';

export default function AppVersionList() {
  const tx = useBilingual();
  const def = useResourcePage(appVersionResource, [tx], () => ({
    schema: appVersionBody,
    fields: {
      packagePath: {
        render: (value) => (value ? String(value).split('/').pop() : '--'),
        renderFormItem: (ctx) => (
          <ProFormDependency key={ctx.name} name={['platform']}>
            {({ platform }) =>
              platform === 'ios' ? null : (
                <ProForm.Item
                  name={ctx.name}
                  label={ctx.label}
                  colProps={{ span: 24 }}
                  rules={[{ required: true, message: tx(['请上传APK安装包', 'Upload the APK']) }]}
                  extra={tx(['安卓版本上传APK安装包（不超过10MB）', 'The Android APK (at most 10 MB)'])}
                >
                  <FileUpload biz={APP_PACKAGE_BIZ} number={1} disabled={ctx.disabled} />
                </ProForm.Item>
              )
            }
          </ProFormDependency>
        ),
      },
    },
    addDefaults: { platform: 'android', minVersionCode: 0, published: false },
  }));
  return <ResourceListPage def={def} />;
}
