// Upload dialog (520 wide): files are uploaded inside, confirming hands back the stored paths;
// confirming with nothing uploaded warns 未上传任何文件.
import { FILE_POPUP_WIDTH, MSG } from '@freight/contracts';
import { Modal, message } from 'antd';
import { useState } from 'react';
import { useBilingual } from '../resource/text';
import { FileUpload } from './FileUpload';
import { UploadTrackerProvider, useUploadTracking } from './uploadTracking';

interface Props {
  open: boolean;
  onClose: () => void;
  onOk: (paths: string) => void;
  biz?: string;
  number?: number;
  kind?: 'file' | 'image';
  title?: string;
}

export function UploadPopup({ open, onClose, onOk, biz, number, kind = 'file', title }: Props) {
  const tx = useBilingual();
  const [value, setValue] = useState('');
  const uploads = useUploadTracking();
  const close = () => {
    setValue('');
    onClose();
  };
  return (
    <Modal
      open={open}
      width={FILE_POPUP_WIDTH}
      title={title ?? tx(['文件上传', 'Upload files'])}
      okText={tx(['确定', 'OK'])}
      cancelText={tx(['取消', 'Cancel'])}
      onCancel={close}
      okButtonProps={{ disabled: uploads.uploading }}
      onOk={() => {
        if (!value) {
          message.warning(MSG.noFileUploaded);
          return;
        }
        onOk(value);
        close();
      }}
      destroyOnHidden
    >
      <UploadTrackerProvider value={uploads.track}>
        <FileUpload value={value} onChange={setValue} biz={biz} number={number} kind={kind} />
      </UploadTrackerProvider>
    </Modal>
  );
}
