// Picks the business licence image of a shipper registration and previews it. The file stays in the
// browser until the registration is submitted with it (one multipart request, see authApi).
import { FileImageOutlined } from '@ant-design/icons';
import { AUTH_MSG } from '@freight/contracts';
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';

interface Props {
  value?: File | null;
  onChange?: (file: File | null) => void;
  maxBytes: number;
  label: string;
  replaceLabel: string;
  hint: string;
  /** A chosen file was refused (not an image, too large): the form shows the message on the field. */
  onRejected: (message: string) => void;
}

export function LicencePicker({ value, onChange, maxBytes, label, replaceLabel, hint, onRejected }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!value) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(value);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    // Image uploads accept only types containing "image".
    if (!file.type.includes('image')) onRejected(AUTH_MSG.licenceNotImage);
    else if (file.size > maxBytes) onRejected(AUTH_MSG.licenceTooLarge);
    else onChange?.(file);
  };

  return (
    <div className="licence-picker">
      <button
        type="button"
        className="licence-preview"
        onClick={() => input.current?.click()}
        aria-label={label}
        data-testid="cr-licence-preview"
      >
        {preview ? (
          <img src={preview} alt={value?.name ?? label} />
        ) : (
          <>
            <FileImageOutlined style={{ fontSize: 24 }} />
            {label}
          </>
        )}
      </button>
      <div className="licence-picker-hint">
        <div>{hint}</div>
        {value ? (
          <Button size="small" type="link" onClick={() => input.current?.click()} style={{ padding: 0 }}>
            {replaceLabel}
          </Button>
        ) : null}
      </div>
      <input
        ref={input}
        type="file"
        accept="image/*"
        style={{ display: 'none' }}
        onChange={(e) => {
          choose(e.target.files?.[0]);
          e.target.value = '';
        }}
        data-testid="cr-licence"
      />
    </div>
  );
}
