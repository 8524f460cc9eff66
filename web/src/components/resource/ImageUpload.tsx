// One image of a record (licence, ID card…): uploads to /sys/common/upload, keeps the stored path as value.
import { PlusOutlined } from '@ant-design/icons';
import { checkImageType } from '@freight/contracts';
import { message, Upload, type UploadProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, upload } from '../../services/request';
import { SignedImage } from '../upload/SignedImage';

type UploadRequestOption = Parameters<NonNullable<UploadProps['customRequest']>>[0];

interface Props {
  value?: string | null;
  onChange?: (value: string | null) => void;
  biz?: string;
  disabled?: boolean;
}

export function ImageUpload({ value, onChange, biz = 'temp', disabled }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

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
      const envelope = await upload<unknown>('/sys/common/upload', file, { biz }, (percent) =>
        option.onProgress?.({ percent }),
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

  return (
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
}
