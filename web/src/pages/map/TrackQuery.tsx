// 轨迹查询 (maps: track query, /map/track): a waybill's track by number, or a vehicle's over a time
// window of up to three days, played back on the map. `?noteId=` / `?noteNo=` open a waybill directly, `?plateNo=`
// a vehicle's last 24 hours (the live map's link for a vehicle on no waybill).
import { ProForm, ProFormDateTimeRangePicker, ProFormRadio, ProFormText } from '@ant-design/pro-components';
import { Card, Empty } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useBilingual } from '../../components/resource/text';
import { NoteTrack } from '../shipping/components/NoteTrack';

type Query = Record<string, string | undefined>;

export default function TrackQuery() {
  const tx = useBilingual();
  const [params] = useSearchParams();
  const fromUrl = useMemo<Query | null>(() => {
    const noteId = params.get('noteId') ?? undefined;
    const noteNo = params.get('noteNo') ?? undefined;
    const plateNo = params.get('plateNo') ?? undefined;
    if (noteId || noteNo) return { noteId, noteNo };
    if (!plateNo) return null;
    const end = dayjs();
    return {
      plateNo,
      begin: end.subtract(1, 'day').format('YYYY-MM-DD HH:mm:ss'),
      end: end.format('YYYY-MM-DD HH:mm:ss'),
    };
  }, [params]);
  const [query, setQuery] = useState<Query | null>(null);
  const active = query ?? fromUrl;
  const today = [dayjs().startOf('day'), dayjs().endOf('day')];

  return (
    <Card variant="borderless" title={tx(['轨迹查询', 'Track query'])}>
      <ProForm<Record<string, unknown>>
        layout="inline"
        initialValues={{
          by: fromUrl?.plateNo ? 'vehicle' : 'note',
          noteNo: fromUrl?.noteNo,
          plateNo: fromUrl?.plateNo,
          range: fromUrl?.plateNo ? [dayjs().subtract(1, 'day'), dayjs()] : today,
        }}
        submitter={{ searchConfig: { submitText: tx(['查询', 'Search']) }, resetButtonProps: false }}
        onFinish={async (values) => {
          if (values.by === 'note') setQuery({ noteNo: String(values.noteNo ?? '').trim() });
          else {
            const [begin, end] = (values.range as [dayjs.Dayjs, dayjs.Dayjs] | undefined) ?? [];
            setQuery({
              plateNo: String(values.plateNo ?? '').trim(),
              begin: begin ? dayjs(begin).format('YYYY-MM-DD HH:mm:ss') : undefined,
              end: end ? dayjs(end).format('YYYY-MM-DD HH:mm:ss') : undefined,
            });
          }
          return true;
        }}
        style={{ rowGap: 12, marginBottom: 16 }}
      >
        <ProFormRadio.Group
          name="by"
          radioType="button"
          options={[
            { value: 'note', label: tx(['按运单', 'By waybill']) },
            { value: 'vehicle', label: tx(['按车辆', 'By vehicle']) },
          ]}
        />
        <ProForm.Item noStyle shouldUpdate>
          {(form: { getFieldValue: (name: string) => unknown }) =>
            form.getFieldValue('by') === 'vehicle' ? (
              <>
                <ProFormText
                  name="plateNo"
                  placeholder={tx(['车牌号', 'Plate'])}
                  rules={[{ required: true, message: tx(['请输入车牌号', 'Enter the plate']) }]}
                />
                <ProFormDateTimeRangePicker
                  name="range"
                  rules={[{ required: true, message: tx(['请选择时间段', 'Choose the period']) }]}
                />
              </>
            ) : (
              <ProFormText
                name="noteNo"
                placeholder={tx(['运单号', 'Waybill no.'])}
                rules={[{ required: true, message: tx(['请输入运单号', 'Enter the waybill no.']) }]}
              />
            )
          }
        </ProForm.Item>
      </ProForm>
      {active ? (
        <NoteTrack source={{ kind: 'map', query: active }} />
      ) : (
        <Empty
          description={tx(['输入运单号或车牌号查询轨迹', 'Search a waybill or a vehicle to see its track'])}
        />
      )}
    </Card>
  );
}
