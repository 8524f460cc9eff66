// One image of a record (licence, ID card…): uploads to /sys/common/upload, keeps the stored path as value.
import { PlusOutlined, ScanOutlined } from '@ant-design/icons';
import { checkImageType, OCR_PATH, OCR_PERMISSION, type OcrKind } from '@freight/contracts';
import { Button, Form, message, Space, Upload, type UploadProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorText, upload } from '../../services/request';
import { SignedImage } from '../upload/SignedImage';
import { useTrackedUpload } from '../upload/uploadTracking';
import { useCan } from './useCan';

type UploadRequestOption = Parameters<NonNullable<UploadProps['customRequest']>>[0];

interface Props {
  value?: string | null;
  onChange?: (value: string | null) => void;
  biz?: string;
  disabled?: boolean;
  /** The certificate the image shows: a 识别 button fills the form's empty fields from it. */
  ocr?: OcrKind;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * 识别: reads the uploaded certificate and fills the fields of the form that are still empty; what the user
 * typed stays.
 */
function OcrButton({ kind, image }: { kind: OcrKind; image: string }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const [busy, setBusy] = useState(false);
  async function read() {
    setBusy(true);
    try {
      const read = await api.post<Record<string, string>>(OCR_PATH, { kind, image });
      // Only the form's own fields: registered ones come back from getFieldsValue().
      const current = form.getFieldsValue() as Record<string, unknown>;
      const filled = Object.fromEntries(
        Object.entries(read ?? {}).filter(([key]) => key in current && isEmpty(current[key])),
      );
      form.setFieldsValue(filled);
      const count = Object.keys(filled).length;
      message.success(count ? t('resource.ocrFilled', { count }) : t('resource.ocrNothing'));
    } catch (error) {
      message.error(errorText(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button size="small" icon={<ScanOutlined />} loading={busy} onClick={() => void read()}>
      {t('resource.ocr')}
    </Button>
  );
}

export function ImageUpload({ value, onChange, biz = 'temp', disabled, ocr }: Props) {
  const can = useCan();
  const showOcr = Boolean(ocr && value && !disabled && can(OCR_PERMISSION));
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const tracked = useTrackedUpload();

  async function send(option: UploadRequestOption) {
    const file = option.file as File;
    const refused = checkImageType(file);
    if (refused) {
      message.error(refused);
      option.onError?.(new Error(refused));
      return;
    }
    setBusy(true);
    try {
      const envelope = await tracked(() =>
        upload<unknown>('/sys/common/upload', file, { biz }, (percent) => option.onProgress?.({ percent })),
      );
      if (!envelope.success) throw new Error(envelope.message);
      onChange?.(envelope.message);
      option.onSuccess?.(envelope);
    } catch (error) {
      message.error(errorText(error));
      option.onError?.(error as Error);
    } finally {
      setBusy(false);
    }
  }

  const picker = (
    <Upload
      listType="picture-card"
      accept="image/*"
      maxCount={1}
      disabled={disabled || busy}
      customRequest={(option) => void send(option)}
      fileList={value ? [{ uid: value, name: value.split('/').pop() ?? value, status: 'done' }] : []}
      onRemove={() => onChange?.(null)}
      itemRender={(_node, file, _list, actions) => (
        <div className="resource-image-item">
          <SignedImage
            path={value}
            alt={file.name}
            width="100%"
            height="100%"
            style={{ objectFit: 'cover' }}
          />
          {!disabled && (
            <button type="button" className="resource-image-remove" onClick={actions.remove}>
              {t('resource.remove')}
            </button>
          )}
        </div>
      )}
    >
      {value ? null : (
        <div>
          <PlusOutlined />
          <div style={{ marginTop: 8 }}>{busy ? t('resource.uploading') : t('resource.upload')}</div>
        </div>
      )}
    </Upload>
  );
  if (!showOcr || !ocr || !value) return picker;
  return (
    <Space direction="vertical" size={4}>
      {picker}
      <OcrButton kind={ocr} image={value} />
    </Space>
  );
}
