// 系统公告 (component `system/AnnouncementList`): drafts written in a rich-text editor, priority L/M/H,
// category notice/system, to everyone or chosen users, a start/end window, an open type (url or component
// with page and business id); release pushes over /websocket/{userId}, revoke takes it back.
import { ProForm, ProFormDependency, ProFormRadio, ProFormText } from '@ant-design/pro-components';
import type { Announcement } from '@freight/contracts';
import { App, Skeleton, Tag } from 'antd';
import { type ComponentProps, lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoticeModal } from '../../../components/NoticeModal';
import {
  createTimeField,
  type FormItemContext,
  ResourceListPage,
  type ResourcePageDef,
} from '../../../components/resource';
import { useBilingual } from '../../../components/resource/text';
import type { Bilingual } from '../../../components/resource/types';
import { api } from '../../../services/request';
import { SafeHtml } from '../components/ops/SafeHtml';
import { UserPicker } from './components/UserPicker';

// tiptap is the heaviest part of the screen: it downloads when a form opens, not with the list.
const RichTextEditor = lazy(() => import('../../../components/editor/RichTextEditor'));

/** The form item passes value/onChange to its direct child, so the lazy editor sits inside one. */
function ContentEditor(props: { value?: string; onChange?: (html: string) => void; disabled?: boolean }) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

type Row = Record<string, unknown>;
const RELEASED = '1';

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
  /** A required control across the form's width. */
  const wideRequired = (ctx: FormItemContext, message: Bilingual, control: ReactNode) => (
    <ProForm.Item
      name={ctx.name}
      label={ctx.label}
      colProps={{ span: 24 }}
      rules={[{ required: true, message: tx(message) }]}
    >
      {control}
    </ProForm.Item>
  );
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
      api: '/sys/annountCement',
      title: ['系统公告', 'Announcements'],
      perm: 'system:announcement',
      actions: { import: false },
      defaultSort: { column: 'createTime', order: 'desc' },
      formWidth: 920,
      addDefaults: { priority: 'L', msgCategory: '1', msgType: 'ALL' },
      // What users have read stays what was released: revoke first, then edit.
      editable: (row) => row.sendStatus !== RELEASED,
      fields: [
        {
          name: 'titile',
          label: ['标题', 'Title'],
          required: true,
          search: true,
          sort: true,
          wide: true,
          rules: [{ max: 100, message: tx(['标题最多100个字', 'At most 100 characters']) }],
          list: { width: 220, fixed: 'left', ellipsis: true },
        },
        {
          name: 'msgCategory',
          label: ['消息类型', 'Category'],
          kind: 'dict',
          dict: 'msg_category',
          required: true,
          search: true,
        },
        {
          name: 'priority',
          label: ['优先级', 'Priority'],
          kind: 'dict',
          dict: 'priority',
          required: true,
          search: true,
        },
        {
          name: 'msgType',
          label: ['通告对象', 'Recipients'],
          list: { width: 100 },
          render: (value) =>
            value === 'USER' ? tx(['指定用户', 'Chosen users']) : tx(['全体用户', 'Everyone']),
          renderFormItem: (ctx) => (
            <ProFormRadio.Group
              name={ctx.name}
              label={ctx.label}
              disabled={ctx.disabled}
              rules={[{ required: true }]}
              options={[
                { value: 'ALL', label: tx(['全体用户', 'Everyone']) },
                { value: 'USER', label: tx(['指定用户', 'Chosen users']) },
              ]}
            />
          ),
        },
        {
          name: 'userIds',
          label: ['接收用户', 'Users'],
          list: false,
          detail: false,
          renderFormItem: (ctx) => (
            <ProFormDependency name={['msgType']}>
              {({ msgType }) =>
                msgType === 'USER'
                  ? wideRequired(
                      ctx,
                      ['请选择接收用户', 'Choose the users'],
                      <UserPicker disabled={ctx.disabled} />,
                    )
                  : null
              }
            </ProFormDependency>
          ),
        },
        { name: 'startTime', label: ['开始时间', 'Starts'], kind: 'datetime', sort: true, list: false },
        {
          name: 'endTime',
          label: ['结束时间', 'Ends'],
          kind: 'datetime',
          sort: true,
          list: false,
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
        { name: 'openType', label: ['打开方式', 'Opens'], kind: 'dict', dict: 'open_type', list: false },
        {
          name: 'openPage',
          label: ['页面', 'Page'],
          list: false,
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
        {
          name: 'busId',
          label: ['业务ID', 'Business id'],
          list: false,
          renderFormItem: (ctx) =>
            textByOpenType(ctx, (openType) => (openType === 'component' ? { rules: [{ max: 50 }] } : null)),
        },
        { name: 'msgAbstract', label: ['摘要', 'Summary'], kind: 'textarea', list: false },
        {
          name: 'msgContent',
          label: ['内容', 'Content'],
          list: false,
          render: (value) => <SafeHtml html={String(value ?? '')} />,
          renderFormItem: (ctx) =>
            wideRequired(ctx, ['请输入内容', 'Enter the content'], <ContentEditor disabled={ctx.disabled} />),
        },
        { name: 'sender', label: ['发布人', 'Sender'], form: false, search: true, list: { width: 100 } },
        {
          name: 'sendStatus',
          label: ['发布状态', 'Status'],
          kind: 'dict',
          dict: 'send_status',
          search: true,
          form: false,
          render: (value, row) => {
            const colour = value === RELEASED ? 'green' : value === '2' ? 'default' : 'blue';
            return <Tag color={colour}>{String(row.sendStatus_dictText || value)}</Tag>;
          },
        },
        { name: 'sendTime', label: ['发布时间', 'Released'], kind: 'datetime', form: false, sort: true },
        createTimeField({ search: 'range' }),
      ],
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
