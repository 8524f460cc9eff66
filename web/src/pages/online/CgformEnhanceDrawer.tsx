// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${name}` is the SQL enhancement placeholder syntax.
// The designer's enhancements of a form: its custom buttons (row links of the generated list) and, per
// button, the JS run in the sandboxed frame and the SQL run on the form's own table. Every save is a version;
// the history shows the last 16 and loads any of them back into the editor.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Form, Input, List, Select, Space, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useBusyAction } from '../../components/common/useBusyAction';
import { useBilingual } from '../../components/resource/text';
import { api, errorText } from '../../services/request';

interface ButtonRow {
  id: string;
  buttonCode: string;
  buttonName: string;
  buttonNameEn: string | null;
  js: string | null;
  sql: boolean;
}

interface Version {
  id: string;
  version: number;
  content: string;
  createBy: string | null;
  createTime: string;
}

type Kind = 'js' | 'sql';

function EnhanceEditor({ headId, buttonCode, kind }: { headId: string; buttonCode: string; kind: Kind }) {
  const tx = useBilingual();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [text, setText] = useState('');
  const { busy: saving, run: runSaving } = useBusyAction();
  const history = useQuery({
    queryKey: ['cgform-enhance-history', headId, kind, buttonCode],
    queryFn: () =>
      api.get<Version[]>('/online/cgform/enhance/history', { cgformHeadId: headId, kind, buttonCode }),
  });
  const latest = history.data?.[0]?.content;
  useEffect(() => setText(latest ?? ''), [latest]);
  const save = async () => {
    await runSaving(async () => {
      await api.post('/online/cgform/enhance/save', {
        cgformHeadId: headId,
        kind,
        buttonCode,
        content: text,
      });
      message.success(tx(['已保存为新版本', 'Saved as a new version']));
      void client.invalidateQueries({ queryKey: ['cgform-enhance-history', headId, kind, buttonCode] });
      void client.invalidateQueries({ queryKey: ['cgform-buttons'] });
      void client.invalidateQueries({ queryKey: ['cgform-enhance-buttons', headId] });
    });
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">
        {kind === 'js'
          ? tx([
              "在隔离的沙箱中运行。可用：api.getForm()、api.setField('字段', 值)、api.message('文字')、await api.call('list' | 'get' | 'edit' | 'sql', 参数)",
              "Runs in an isolated sandbox. Available: api.getForm(), api.setField('field', value), api.message('text'), await api.call('list' | 'get' | 'edit' | 'sql', params)",
            ])
          : tx([
              '一条 UPDATE / INSERT / DELETE，只能操作本表单的表；用 ${字段名}、${id}、${sys_user_code} 引用当前行的值（绑定，不拼接）',
              'One UPDATE / INSERT / DELETE on this form’s table only; ${field}, ${id}, ${sys_user_code} are the row’s values (bound, never spliced)',
            ])}
      </Typography.Text>
      <Input.TextArea
        data-testid={`enhance-${kind}-text`}
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoSize={{ minRows: 6, maxRows: 16 }}
        style={{ fontFamily: 'monospace' }}
      />
      <Button
        type="primary"
        loading={saving}
        data-testid={`enhance-${kind}-save`}
        onClick={() => void save()}
      >
        {tx(['保存', 'Save'])}
      </Button>
      <List<Version>
        size="small"
        header={tx(['历史版本（最多16条）', 'History (up to 16)'])}
        dataSource={history.data ?? []}
        renderItem={(v) => (
          <List.Item
            actions={[
              <Button key="load" type="link" size="small" onClick={() => setText(v.content)}>
                {tx(['载入', 'Load'])}
              </Button>,
            ]}
          >
            v{v.version} · {v.createBy ?? ''} · {v.createTime}
          </List.Item>
        )}
      />
    </Space>
  );
}

export function CgformEnhanceDrawer({ headId, onClose }: { headId: string | null; onClose: () => void }) {
  const tx = useBilingual();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<{ buttonCode: string; buttonName: string }>();
  const [selected, setSelected] = useState<string | undefined>();
  const buttons = useQuery({
    queryKey: ['cgform-enhance-buttons', headId],
    queryFn: () => api.get<ButtonRow[]>(`/online/cgform/enhance/buttons/${headId}`),
    enabled: !!headId,
  });
  useEffect(() => {
    if (!selected && buttons.data?.[0]) setSelected(buttons.data[0].buttonCode);
  }, [buttons.data, selected]);
  const addButton = async () => {
    const values = await form.validateFields();
    try {
      await api.post('/online/cgform/enhance/button', { ...values, cgformHeadId: headId });
      form.resetFields();
      setSelected(values.buttonCode);
      void client.invalidateQueries({ queryKey: ['cgform-enhance-buttons', headId] });
      void client.invalidateQueries({ queryKey: ['cgform-buttons'] });
    } catch (error) {
      message.error(errorText(error));
    }
  };
  return (
    <Drawer
      open={!!headId}
      onClose={onClose}
      title={tx(['按钮与增强', 'Buttons and enhancements'])}
      width={Math.min(720, window.innerWidth)}
      destroyOnHidden
    >
      {buttons.isError && <Alert type="error" showIcon message={errorText(buttons.error)} />}
      <Form form={form} layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item
          name="buttonCode"
          rules={[
            {
              required: true,
              pattern: /^[A-Za-z][A-Za-z0-9_]{0,49}$/,
              message: tx(['字母开头，字母数字下划线', 'A letter, then letters, digits, _']),
            },
          ]}
        >
          <Input placeholder={tx(['按钮编码', 'Button code'])} data-testid="enhance-button-code" />
        </Form.Item>
        <Form.Item
          name="buttonName"
          rules={[{ required: true, message: tx(['请输入按钮名称', 'Enter a name']) }]}
        >
          <Input placeholder={tx(['按钮名称', 'Button name'])} data-testid="enhance-button-name" />
        </Form.Item>
        <Button data-testid="enhance-button-add" onClick={() => void addButton()}>
          {tx(['添加按钮', 'Add button'])}
        </Button>
      </Form>
      <Select
        style={{ width: 240, marginBottom: 16 }}
        value={selected}
        onChange={setSelected}
        placeholder={tx(['选择按钮', 'Choose a button'])}
        options={(buttons.data ?? []).map((b) => ({
          value: b.buttonCode,
          label: `${b.buttonName} (${b.buttonCode})`,
        }))}
      />
      {headId && selected && (
        <Tabs
          items={(['js', 'sql'] as const).map((kind) => ({
            key: kind,
            label: kind === 'js' ? tx(['JS增强', 'JS']) : tx(['SQL增强', 'SQL']),
            children: (
              <EnhanceEditor key={`${selected}-${kind}`} headId={headId} buttonCode={selected} kind={kind} />
            ),
          }))}
        />
      )}
    </Drawer>
  );
}
