// 系统公告 (component `system/AnnouncementList`): drafts written in a rich-text editor, priority L/M/H,
// category notice/system, to everyone or chosen users, a start/end window, an open type (url or component
// with page and business id); release pushes over /websocket/{userId}, revoke takes it back.
import { ProForm, ProFormDependency, ProFormRadio, ProFormText } from '@ant-design/pro-components';
import {
  ANNOUNCEMENT_RECIPIENTS,
  ANNOUNCEMENT_STATE,
  type Announcement,
  announcementResource,
} from '@freight/contracts';
import { App, Tag } from 'antd';
import { type ComponentProps, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoticeModal } from '../../../components/NoticeModal';
import {
  type FormItemContext,
  pageOf,
  ResourceListPage,
  type ResourcePageDef,
} from '../../../components/resource';
import { useBilingual } from '../../../components/resource/text';
import { api } from '../../../services/request';
import { SafeHtml } from '../components/ops/SafeHtml';
import { UserPicker } from './components/UserPicker';

type Row = Record<string, unknown>;
const RELEASED = ANNOUNCEMENT_STATE.released;

const toNotice = (row: Row): Announcement => ({
  id: String(row.id),
  titile: String(row.titile ?? ''),
  msgContent: String(row.msgContent ?? ''),
  msgAbstract: (row.msgAbstract as string | null) ?? null,
  sender: (row.sender as string | null) ?? null,
  sendTime: (row.sendTime as string | null) ?? null,
  createTime: String(row.createTime ?? ''),
  priority: (['L', 'M', 'H'].includes(String(row.priority)) ? row.priority : 'L') as Announcement['priority'],
  msgCategory: row.msgCategory === '2' ? '2' : '1',
  openType: row.openType === 'url' || row.openType === 'component' ? row.openType : null,
  openPage: (row.openPage as string | null) ?? null,
  busId: (row.busId as string | null) ?? null,
});

export default function AnnouncementList() {
  const tx = useBilingual();
  /** A text field that applies to some open types only: its props for the chosen one, or null to hide it. */
  const textByOpenType = (
    ctx: FormItemContext,
    propsFor: (openType: unknown) => ComponentProps<typeof ProFormText> | null,
  ) => (
    <ProFormDependency name={['openType']}>
      {({ openType }) => {
        const props = propsFor(openType);
        return props ? (
          <ProFormText name={ctx.name} label={ctx.label} disabled={ctx.disabled} {...props} />
        ) : null;
      }}
    </ProFormDependency>
  );
  const { i18n } = useTranslation();
  const { message } = App.useApp();
  const [preview, setPreview] = useState<Announcement | null>(null);

  // Rebuilt when the language changes (tx is a new function every render).
  // biome-ignore lint/correctness/useExhaustiveDependencies: i18n.language stands for tx
  const def = useMemo<ResourcePageDef>(
    () => ({
      ...pageOf(announcementResource, {
        fields: {
          msgType: {
            renderFormItem: (ctx) => (
              <ProFormRadio.Group
                name={ctx.name}
                label={ctx.label}
                disabled={ctx.disabled}
                rules={ctx.rules}
                options={ANNOUNCEMENT_RECIPIENTS.map((option) => ({
                  value: option.value,
                  label: tx(option.label),
                }))}
              />
            ),
          },
          userIds: {
            renderFormItem: (ctx) => (
              <ProFormDependency name={['msgType']}>
                {({ msgType }) =>
                  msgType === 'USER' ? (
                    <ProForm.Item
                      name={ctx.name}
                      label={ctx.label}
                      colProps={{ span: 24 }}
                      rules={[{ required: true, message: tx(['请选择接收用户', 'Choose the users']) }]}
                    >
                      <UserPicker disabled={ctx.disabled} />
                    </ProForm.Item>
                  ) : null
                }
              </ProFormDependency>
            ),
          },
          endTime: {
            rules: [
              ({ getFieldValue }) => ({
                validator: async (_r, value: unknown) => {
                  const start = getFieldValue('startTime');
                  if (value && start && String(value) <= String(start))
                    throw new Error(tx(['结束时间必须晚于开始时间', 'Must be after the start']));
                },
              }),
            ],
          },
          openPage: {
            renderFormItem: (ctx) =>
              textByOpenType(ctx, (openType) =>
                openType
                  ? {
                      placeholder:
                        openType === 'url' ? '/wlhy/hydriver/HyDriverList?state=1' : '/shipping/list',
                      rules: [
                        { required: true, message: tx(['请输入打开的页面', 'Enter the page to open']) },
                        { max: 255 },
                      ],
                    }
                  : null,
              ),
          },
          busId: {
            renderFormItem: (ctx) =>
              textByOpenType(ctx, (openType) => (openType === 'component' ? { rules: [{ max: 50 }] } : null)),
          },
          msgContent: { render: (value) => <SafeHtml html={String(value ?? '')} /> },
          sendStatus: {
            render: (value, row) => {
              const colour =
                value === RELEASED ? 'green' : value === ANNOUNCEMENT_STATE.revoked ? 'default' : 'blue';
              return <Tag color={colour}>{String(row.sendStatus_dictText || value)}</Tag>;
            },
          },
        },
      }),
      formWidth: 920,
      addDefaults: { priority: 'L', msgCategory: '1', msgType: 'ALL' },
      // What users have read stays what was released: revoke first, then edit.
      editable: (row) => row.sendStatus !== RELEASED,
      toBody: (values) => ({
        ...values,
        userIds: values.msgType === 'USER' ? values.userIds : null,
        openPage: values.openType ? values.openPage : null,
        busId: values.openType === 'component' ? values.busId : null,
        openType: values.openType ?? null,
        startTime: values.startTime ?? null,
        endTime: values.endTime ?? null,
      }),
      rowActions: [
        {
          key: 'preview',
          label: ['预览', 'Preview'],
          run: (row) => setPreview(toNotice(row)),
        },
        {
          key: 'release',
          label: ['发布', 'Release'],
          perm: 'system:announcement:release',
          visible: (row) => row.sendStatus !== RELEASED,
          confirm: ['确定发布吗?发布后用户将立即收到通知', 'Release now? Users are notified at once.'],
          run: async (row, { reload }) => {
            await api.get('/sys/annountCement/doReleaseData', { id: row.id });
            message.success(tx(['该系统通知发布成功', 'Released']));
            reload();
          },
        },
        {
          key: 'revoke',
          label: ['撤销', 'Revoke'],
          perm: 'system:announcement:release',
          danger: true,
          visible: (row) => row.sendStatus === RELEASED,
          confirm: ['确定撤销吗?', 'Revoke this announcement?'],
          run: async (row, { reload }) => {
            await api.get('/sys/annountCement/doReovkeData', { id: row.id });
            message.success(tx(['该系统通知撤销成功', 'Revoked']));
            reload();
          },
        },
      ],
    }),
    [i18n.language, message],
  );

  return (
    <>
      <ResourceListPage def={def} />
      <NoticeModal notice={preview} onClose={() => setPreview(null)} />
    </>
  );
}
