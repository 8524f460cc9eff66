// Department switch: opens only when the user has departments; choice required.
import type { Depart } from '@freight/contracts';
import { Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { authApi } from '../services/authApi';
import { feedback } from '../services/feedback';
import { showFailure } from '../services/request';
import { useSession } from '../stores/session';
import { useBusyAction } from './common/useBusyAction';

export interface DepartChoice {
  list: Depart[];
  orgCode: string | null;
}

export function DepartSelectModal({ choice, onClose }: { choice: DepartChoice | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ orgCode: string }>();
  const { busy: saving, run: runSaving } = useBusyAction(showFailure);

  const submit = async () => {
    const { orgCode } = await form.validateFields();
    await runSaving(async () => {
      const result = await authApi.selectDepart(orgCode, useSession.getState().username ?? undefined);
      // `result.userInfo` is stored for 7 days, like the rest of the session.
      if (result?.userInfo) useSession.getState().setUserInfo(result.userInfo);
      feedback.message.success(t('depart.switched'));
      onClose();
    });
  };

  return (
    <Modal
      open={choice !== null}
      title={t('depart.title')}
      onOk={submit}
      confirmLoading={saving}
      onCancel={onClose}
      destroyOnHidden
      data-testid="depart-modal"
    >
      <Form form={form} layout="vertical" initialValues={{ orgCode: choice?.orgCode ?? undefined }}>
        <Form.Item
          name="orgCode"
          label={t('depart.label')}
          rules={[{ required: true, message: t('depart.required') }]}
        >
          <Select
            placeholder={t('depart.placeholder')}
            options={(choice?.list ?? []).map((d) => ({ value: d.orgCode, label: d.departName }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
