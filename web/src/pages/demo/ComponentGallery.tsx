// Component gallery (/demo/components, permission demo:components): each building block with
// live data from the server.
import { Button, Card, Col, Descriptions, Form, Input, Row, Skeleton, Space, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Authorized, useAuthorized } from '../../components/auth';
import { DictRadio, DictSelect, DictTag, SearchSelect } from '../../components/dict';
import { checkRule, duplicateRule } from '../../components/form/asyncRules';
import { PopupInput, RecordPopup } from '../../components/popup';
import { useBilingual } from '../../components/resource/text';
import { FileUpload, UploadPopup } from '../../components/upload';
import { LiveFormatting } from './LiveFormatting';

const EditableTableDemo = lazy(() => import('./EditableTableDemo'));

/** Async validators: the server's message is the form error. */
function AsyncValidators() {
  const tx = useBilingual();
  const [form] = Form.useForm();
  const [ruleCode, setRuleCode] = useState('');
  const [checked, setChecked] = useState('');
  return (
    <Form
      form={form}
      layout="vertical"
      data-testid="async-form"
      onFinish={() => setChecked(tx(['校验通过', 'Valid']))}
    >
      <Form.Item
        name="positionCode"
        label={tx(['职务编码（不可重复，sys_position.code）', 'Position code (unique, sys_position.code)'])}
        rules={[duplicateRule({ tableName: 'sys_position', fieldName: 'code' })]}
        hasFeedback
      >
        <Input
          data-testid="async-duplicate"
          placeholder={tx(['输入一个已有的职务编码试试', 'Try a code that exists'])}
        />
      </Form.Item>
      <Form.Item label={tx(['校验规则编码', 'Check rule code'])}>
        <Input
          data-testid="async-rule-code"
          value={ruleCode}
          onChange={(e) => {
            setRuleCode(e.target.value.trim());
            setChecked('');
          }}
          placeholder={tx(['编码校验规则中的规则编码', 'A code of the check rules screen'])}
        />
      </Form.Item>
      <Form.Item
        // A new rule code is a new rule: the field is re-created so its validator asks about that code.
        key={ruleCode}
        name="ruleValue"
        label={tx(['按规则校验的值', 'Value checked by the rule'])}
        rules={ruleCode ? [checkRule(ruleCode)] : []}
        hasFeedback
      >
        <Input data-testid="async-rule-value" disabled={!ruleCode} />
      </Form.Item>
      <Space>
        <Button htmlType="submit" data-testid="async-submit">
          {tx(['校验', 'Validate'])}
        </Button>
        <span data-testid="async-result">{checked}</span>
      </Space>
    </Form>
  );
}

/** One demo's card: half the width on a large screen (`full`: all of it); `described` lays it out as a list. */
function Section({
  title,
  children,
  testId,
  full,
  described,
}: {
  title: string;
  children: React.ReactNode;
  testId: string;
  full?: boolean;
  described?: boolean;
}) {
  return (
    <Col {...(full ? { span: 24 } : { xs: 24, lg: 12 })}>
      <Card size="small" title={title} data-testid={testId} style={{ height: '100%' }}>
        {described ? (
          <Descriptions column={1} size="small" bordered>
            {children}
          </Descriptions>
        ) : (
          children
        )}
      </Card>
    </Col>
  );
}

export default function ComponentGallery() {
  const tx = useBilingual();
  const { canShow, canUse } = useAuthorized();
  const [sex, setSex] = useState<string | undefined>('1');
  const [status, setStatus] = useState<string | undefined>('1');
  const [user, setUser] = useState<string | undefined>();
  const [picked, setPicked] = useState<Record<string, string>>({});
  const [multiPicked, setMultiPicked] = useState<Record<string, string>>({});
  const [multiOpen, setMultiOpen] = useState(false);
  const [files, setFiles] = useState('');
  const [images, setImages] = useState('');
  const [popupOpen, setPopupOpen] = useState(false);
  const [popupPaths, setPopupPaths] = useState('');

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Row gutter={[16, 16]}>
        <Section testId="gallery-dict" title={tx(['字典组件', 'Dictionary components'])} described>
          <Descriptions.Item label="DictSelect (sex)">
            <DictSelect code="sex" value={sex} onChange={(v) => setSex(v)} />
          </Descriptions.Item>
          <Descriptions.Item label="DictRadio (user_status)">
            <DictRadio code="user_status" value={status} onChange={(v) => setStatus(v)} />
          </Descriptions.Item>
          <Descriptions.Item label="DictTag">
            <Space>
              <DictTag code="sex" value={sex} />
              <DictTag code="user_status" value={status} />
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label="SearchSelect (sys_user)">
            <SearchSelect dict="sys_user,realname,username" value={user} onChange={setUser} />
            <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
              {user ?? ''}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={tx(['未配置字典', 'No code'])}>
            <DictSelect code="" />
          </Descriptions.Item>
        </Section>
        <Section testId="gallery-auth" title={tx(['权限控制', 'Permission gating'])}>
          <Space direction="vertical">
            <Space wrap>
              <Authorized action="online:cgreport:add">
                <Button type="primary" data-testid="auth-visible">
                  {tx(['有权限：新增报表', 'Allowed: add report'])}
                </Button>
              </Authorized>
              <Authorized action="demo:no-such-button">
                <Button danger data-testid="auth-hidden">
                  {tx(['无权限按钮（不应显示）', 'Forbidden (hidden)'])}
                </Button>
              </Authorized>
              <Authorized action="demo:no-such-button" mode="disable">
                <Button data-testid="auth-disabled">{tx(['无权限（禁用）', 'Forbidden (disabled)'])}</Button>
              </Authorized>
            </Space>
            <Typography.Text type="secondary">
              {`canShow(online:cgreport:add) = ${canShow('online:cgreport:add')}; canUse(demo:no-such-button) = ${canUse('demo:no-such-button')}`}
            </Typography.Text>
          </Space>
        </Section>
        <Section testId="gallery-popup" title={tx(['记录选择弹窗', 'Record popup'])} described>
          <Descriptions.Item label={tx(['司机（单选）', 'Driver (single)'])}>
            <PopupInput
              code="report_driver"
              field="driverName"
              orgFields="driver_name,mobile"
              destFields="driverName,driverPhone"
              groupId="gallery"
              value={picked.driverName}
              onPicked={setPicked}
              placeholder={tx(['点击选择司机', 'Click to pick a driver'])}
            />
          </Descriptions.Item>
          <Descriptions.Item label={tx(['司机电话', 'Driver phone'])}>
            <span data-testid="picked-phone">{picked.driverPhone ?? ''}</span>
          </Descriptions.Item>
          <Descriptions.Item label={tx(['车辆（多选）', 'Vehicles (multi)'])}>
            <Space>
              <Button onClick={() => setMultiOpen(true)} data-testid="popup-multi-open">
                {tx(['选择车辆', 'Pick vehicles'])}
              </Button>
              <span data-testid="picked-vehicles">{multiPicked.plates ?? ''}</span>
            </Space>
            <RecordPopup
              open={multiOpen}
              onClose={() => setMultiOpen(false)}
              code="report_vehicle"
              orgFields="plate_no"
              destFields="plates"
              groupId="gallery"
              multi
              onOk={setMultiPicked}
            />
          </Descriptions.Item>
          <Descriptions.Item label={tx(['配置错误', 'Bad config'])}>
            <PopupInput
              code="report_driver"
              field="broken"
              orgFields="driver_name,mobile"
              destFields="broken"
              onPicked={() => undefined}
              placeholder={tx(['原始值与目标值数量不一致', 'Field counts differ'])}
            />
          </Descriptions.Item>
        </Section>
        <Section testId="gallery-upload" title={tx(['文件上传', 'Uploads'])} described>
          <Descriptions.Item label={tx(['文件（最多 3 个）', 'Files (max 3)'])}>
            <FileUpload value={files} onChange={setFiles} number={3} />
          </Descriptions.Item>
          <Descriptions.Item label={tx(['图片', 'Images'])}>
            <FileUpload kind="image" value={images} onChange={setImages} number={4} />
          </Descriptions.Item>
          <Descriptions.Item label={tx(['上传弹窗', 'Upload popup'])}>
            <Space direction="vertical">
              <Button onClick={() => setPopupOpen(true)} data-testid="upload-popup-open">
                {tx(['打开上传弹窗', 'Open upload popup'])}
              </Button>
              <span data-testid="upload-popup-result">{popupPaths}</span>
            </Space>
            <UploadPopup open={popupOpen} onClose={() => setPopupOpen(false)} onOk={setPopupPaths} />
          </Descriptions.Item>
        </Section>
        <Section testId="gallery-async" title={tx(['异步校验', 'Async validators'])}>
          <AsyncValidators />
        </Section>
        <Section
          full
          testId="gallery-format"
          title={tx(['格式化与费用可见性', 'Formatting and fee visibility'])}
        >
          <LiveFormatting />
        </Section>
        <Section full testId="gallery-editable" title={tx(['可编辑表格', 'Editable table'])}>
          <Suspense fallback={<Skeleton active />}>
            <EditableTableDemo />
          </Suspense>
        </Section>
      </Row>
    </Space>
  );
}
