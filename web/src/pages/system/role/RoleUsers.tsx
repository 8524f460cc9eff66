// The users of a role (or of a department role): paged list, add through a picker, remove with confirmation.
import { type ActionType, ProTable } from '@ant-design/pro-components';
import { PAGE_SIZE, type Page } from '@freight/contracts';
import { App, Button, Form, Modal, Popconfirm, Typography } from 'antd';
import { useRef, useState } from 'react';
import { pageTotalText, useBilingual } from '../../../components/resource/text';
import { errorText } from '../../../services/request';
import { dictText } from '../../../stores/dicts';
import { useSession } from '../../../stores/session';
import { UserPicker } from '../user/UserPicker';
import { userColumns } from '../user/userColumns';

interface MemberRow {
  id: string;
  username: string;
  realname: string;
  phone?: string | null;
  status?: number;
}

export interface MembersSource {
  list: (query: { pageNo: number; pageSize: number }) => Promise<Page<MemberRow>>;
  add: (userIds: string[]) => Promise<void>;
  remove: (userId: string) => Promise<void>;
  /** Filters of the picker (e.g. only people of the department). */
  pickerQuery?: Record<string, string>;
}

export function RoleUsers({ source, canEdit }: { source: MembersSource; canEdit: boolean }) {
  const tx = useBilingual();
  const { message } = App.useApp();
  const dicts = useSession((s) => s.dictItems);
  const actionRef = useRef<ActionType>(undefined);
  const [adding, setAdding] = useState(false);
  const [form] = Form.useForm<{ userIds: string[] }>();

  return (
    <>
      <ProTable<MemberRow>
        rowKey="id"
        actionRef={actionRef}
        search={false}
        options={{ reload: true, density: false, setting: false }}
        cardBordered={false}
        size="small"
        scroll={{ x: 560 }}
        pagination={{
          defaultPageSize: PAGE_SIZE,
          showTotal: pageTotalText(tx),
        }}
        toolBarRender={() =>
          canEdit
            ? [
                <Button key="add" type="primary" onClick={() => setAdding(true)} data-testid="role-users-add">
                  {tx(['添加用户', 'Add users'])}
                </Button>,
              ]
            : []
        }
        request={async (params) => {
          const page = await source.list({
            pageNo: params.current ?? 1,
            pageSize: params.pageSize ?? PAGE_SIZE,
          });
          return { data: page.records, total: page.total, success: true };
        }}
        columns={[
          ...userColumns(tx),
          {
            title: tx(['状态', 'Status']),
            dataIndex: 'status',
            width: 80,
            render: (_d, row) => dictText(dicts, 'user_status', row.status) || '--',
          },
          {
            title: tx(['操作', 'Actions']),
            key: 'option',
            width: 90,
            render: (_d, row) =>
              canEdit && (
                <Popconfirm
                  title={tx(['确定移除该用户吗?', 'Remove this user?'])}
                  onConfirm={async () => {
                    try {
                      await source.remove(row.id);
                      message.success(tx(['已移除', 'Removed']));
                      actionRef.current?.reload();
                    } catch (error) {
                      message.error(errorText(error));
                    }
                  }}
                >
                  <Typography.Link type="danger">{tx(['移除', 'Remove'])}</Typography.Link>
                </Popconfirm>
              ),
          },
        ]}
      />
      <Modal
        open={adding}
        title={tx(['添加用户', 'Add users'])}
        destroyOnHidden
        onCancel={() => setAdding(false)}
        onOk={async () => {
          const { userIds } = await form.validateFields();
          try {
            await source.add(userIds);
            message.success(tx(['添加成功', 'Added']));
            setAdding(false);
            form.resetFields();
            actionRef.current?.reload();
          } catch (error) {
            message.error(errorText(error));
          }
        }}
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="userIds"
            label={tx(['用户', 'Users'])}
            rules={[{ required: true, message: tx(['请选择用户', 'Pick at least one user']) }]}
          >
            <UserPicker query={source.pickerQuery} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
