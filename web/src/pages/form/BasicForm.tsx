// 表单示例 (/demo/form, menu component form/BasicForm, permission demo:form): a living reference of a
// multi-step form built from the product's own controls: dictionary selects, the region cascader and the
// upload. Nothing is sent to a business table; the last step shows what a page would submit.
import { ProForm, ProFormDigit, ProFormText, ProFormTextArea, StepsForm } from '@ant-design/pro-components';
import { Button, Card, Descriptions, Grid, Result, Space, Typography } from 'antd';
import { useState } from 'react';
import { DictSelect, DictTag } from '../../components/dict';
import { RegionCascader, type RegionPick } from '../../components/region/RegionCascader';
import { useBilingual } from '../../components/resource/text';
import type { Bilingual } from '../../components/resource/types';
import { FileUpload } from '../../components/upload';

interface Values {
  goodsName?: string;
  cargoType?: string;
  weight?: number;
  vehicleType?: string;
  loadingRegion?: string;
  loadingAddress?: string;
  unloadingRegion?: string;
  unloadingAddress?: string;
  settleMode?: string;
  photos?: string;
  remark?: string;
}

export default function BasicForm() {
  const tx = useBilingual();
  const screens = Grid.useBreakpoint();
  const [done, setDone] = useState<Values | null>(null);
  const [regions, setRegions] = useState<Record<string, RegionPick | null>>({});
  const [round, setRound] = useState(0);
  const required = (text: Bilingual) => [{ required: true, message: tx(text) }];
  const regionNames = (key: string) => regions[key]?.names.join(' / ') ?? '';
  const dictItem = (name: keyof Values, label: Bilingual, code: string, requiredText?: Bilingual) => (
    <ProForm.Item name={name} label={tx(label)} rules={requiredText && required(requiredText)}>
      <DictSelect code={code} style={{ width: '100%' }} />
    </ProForm.Item>
  );
  const regionItem = (
    name: 'loadingRegion' | 'unloadingRegion',
    label: Bilingual,
    requiredText: Bilingual,
  ) => (
    <ProForm.Item name={name} label={tx(label)} rules={required(requiredText)}>
      <RegionCascader onPick={(pick) => setRegions((r) => ({ ...r, [name]: pick }))} />
    </ProForm.Item>
  );

  if (done)
    return (
      <Card data-testid="sample-form-result">
        <Result
          status="success"
          title={tx(['表单已填写完成', 'The form is complete'])}
          subTitle={tx([
            '示例页面不保存数据，以下为提交的内容',
            'A sample keeps nothing; this is what it would submit',
          ])}
          extra={
            <Button
              type="primary"
              data-testid="sample-form-again"
              onClick={() => {
                setDone(null);
                setRegions({});
                setRound((n) => n + 1);
              }}
            >
              {tx(['再填一单', 'Fill in another'])}
            </Button>
          }
        />
        <Descriptions bordered size="small" column={screens.md ? 2 : 1}>
          <Descriptions.Item label={tx(['货物名称', 'Goods'])}>{done.goodsName}</Descriptions.Item>
          <Descriptions.Item label={tx(['货物类型', 'Cargo type'])}>
            <DictTag code="cargo_type" value={done.cargoType} />
          </Descriptions.Item>
          <Descriptions.Item label={tx(['重量（吨）', 'Weight (t)'])}>{done.weight}</Descriptions.Item>
          <Descriptions.Item label={tx(['车型', 'Vehicle type'])}>
            <DictTag code="vehicle_type" value={done.vehicleType} />
          </Descriptions.Item>
          <Descriptions.Item label={tx(['装货地', 'Loading at'])}>
            {`${regionNames('loadingRegion')} ${done.loadingAddress ?? ''}`}
          </Descriptions.Item>
          <Descriptions.Item label={tx(['卸货地', 'Unloading at'])}>
            {`${regionNames('unloadingRegion')} ${done.unloadingAddress ?? ''}`}
          </Descriptions.Item>
          <Descriptions.Item label={tx(['结算方式', 'Settlement'])}>
            <DictTag code="settle_mode" value={done.settleMode} />
          </Descriptions.Item>
          <Descriptions.Item label={tx(['货物照片', 'Photos'])}>
            {done.photos ? done.photos.split(',').length : 0}
          </Descriptions.Item>
        </Descriptions>
      </Card>
    );

  return (
    <Card data-testid="sample-form">
      <Typography.Paragraph type="secondary">
        {tx([
          '分步表单示例：字典下拉、省市区级联与上传均为平台自有组件，可直接用于业务页面。',
          'A multi-step form from the platform’s own controls: dictionary selects, the region cascader and the upload.',
        ])}
      </Typography.Paragraph>
      <StepsForm<Values>
        key={round}
        // The container's own min-width (420px) would push a phone's page sideways.
        containerStyle={{ minWidth: 0, width: '100%', maxWidth: 560 }}
        stepsProps={{ direction: screens.md ? 'horizontal' : 'vertical', size: 'small' }}
        formProps={{ validateMessages: { required: tx(['此项为必填项', 'Required']) } }}
        submitter={{
          render: ({ step, onSubmit, onPre }) => (
            <Space>
              {step > 0 && (
                <Button data-testid="sample-form-prev" onClick={() => onPre?.()}>
                  {tx(['上一步', 'Back'])}
                </Button>
              )}
              <Button type="primary" data-testid="sample-form-next" onClick={() => onSubmit?.()}>
                {step === 2 ? tx(['提交', 'Submit']) : tx(['下一步', 'Next'])}
              </Button>
            </Space>
          ),
        }}
        onFinish={async (values) => {
          setDone(values);
          return true;
        }}
      >
        <StepsForm.StepForm<Values> name="cargo" title={tx(['货物信息', 'Cargo'])} style={{ maxWidth: 560 }}>
          <ProFormText
            name="goodsName"
            label={tx(['货物名称', 'Goods'])}
            placeholder={tx(['如：钢材', 'e.g. steel'])}
            rules={required(['请输入货物名称', 'Enter the goods'])}
            fieldProps={{ maxLength: 50 }}
          />
          {dictItem('cargoType', ['货物类型', 'Cargo type'], 'cargo_type', [
            '请选择货物类型',
            'Choose the cargo type',
          ])}
          <ProFormDigit
            name="weight"
            label={tx(['重量（吨）', 'Weight (t)'])}
            min={0.001}
            max={100}
            fieldProps={{ precision: 3 }}
            rules={required(['请输入重量', 'Enter the weight'])}
          />
          {dictItem('vehicleType', ['车型', 'Vehicle type'], 'vehicle_type')}
        </StepsForm.StepForm>
        <StepsForm.StepForm<Values> name="route" title={tx(['装卸地', 'Route'])} style={{ maxWidth: 560 }}>
          {regionItem(
            'loadingRegion',
            ['装货地区', 'Loading region'],
            ['请选择装货地区', 'Choose the loading region'],
          )}
          <ProFormText name="loadingAddress" label={tx(['装货详细地址', 'Loading address'])} />
          {regionItem(
            'unloadingRegion',
            ['卸货地区', 'Unloading region'],
            ['请选择卸货地区', 'Choose the unloading region'],
          )}
          <ProFormText name="unloadingAddress" label={tx(['卸货详细地址', 'Unloading address'])} />
        </StepsForm.StepForm>
        <StepsForm.StepForm<Values>
          name="settle"
          title={tx(['结算与附件', 'Settlement and files'])}
          style={{ maxWidth: 560 }}
        >
          {dictItem('settleMode', ['结算方式', 'Settlement'], 'settle_mode', [
            '请选择结算方式',
            'Choose the settlement',
          ])}
          <ProForm.Item name="photos" label={tx(['货物照片', 'Photos'])}>
            <FileUpload kind="image" biz="temp" number={3} />
          </ProForm.Item>
          <ProFormTextArea name="remark" label={tx(['备注', 'Remark'])} fieldProps={{ maxLength: 200 }} />
        </StepsForm.StepForm>
      </StepsForm>
    </Card>
  );
}
