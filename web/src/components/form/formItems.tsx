// Form rows the dialogs repeat: a short text of bounded length, a required reason, a required image.
import { Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { ImageUpload } from '../resource/ImageUpload';

/** A short optional text, at most `maxLength` characters. */
export function TextItem({ name, label, maxLength }: { name: string; label: ReactNode; maxLength: number }) {
  return (
    <Form.Item name={name} label={label}>
      <Input maxLength={maxLength} />
    </Form.Item>
  );
}

/** A required reason (of a decision, a rejection, an appeal): up to 255 characters, counted as typed. */
export function ReasonItem({ label, message }: { label: ReactNode; message: string }) {
  return (
    <Form.Item name="reason" label={label} rules={[{ required: true, whitespace: true, message }]}>
      <Input.TextArea rows={3} maxLength={255} showCount />
    </Form.Item>
  );
}

/** A required image (a transfer voucher, a signed agreement), uploaded under the storage folder `biz`. */
export function RequiredImageItem({
  name,
  label,
  biz,
  message,
}: {
  name: string;
  label: ReactNode;
  biz: string;
  /** Shown while no image is uploaded. */
  message: string;
}) {
  return (
    <Form.Item name={name} label={label} rules={[{ required: true, message }]}>
      <ImageUpload biz={biz} />
    </Form.Item>
  );
}
