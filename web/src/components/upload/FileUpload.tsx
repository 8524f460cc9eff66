// File and image upload: POST /sys/common/upload (path in `message`), statuses
// uploading/done/error/removed, a `number` limit keeping the last N, images only where asked, image
// reorder, the error dialog and per-file failure message; names shown cut to 5 characters.
import { LeftOutlined, PlusOutlined, RightOutlined, UploadOutlined } from '@ant-design/icons';
import {
  checkImageType,
  fileUploadFailedText,
  keepLastFiles,
  MSG,
  moveImage,
  settleUpload,
  shortFileName,
  type UploadCellFile,
  uploadErrorText,
} from '@freight/contracts';
import { Button, Image, Modal, message, Space, Tooltip, Upload, type UploadFile } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { errorText, upload } from '../../services/request';
import { useBilingual } from '../resource/text';
import { useTrackedUpload } from './uploadTracking';
import { useSignedUrl } from './useSignedUrl';

export interface FileUploadProps {
  /** Stored paths, comma-separated (the reference's value shape). */
  value?: string;
  onChange?: (value: string, files: UploadCellFile[]) => void;
  /** Storage folder; the server defaults to temp. */
  biz?: string;
  /** Keep at most the last N files (0: no limit). */
  number?: number;
  kind?: 'file' | 'image';
  disabled?: boolean;
}

type Item = UploadCellFile & { uid: string };

const toItems = (value: string | undefined): Item[] =>
  (value ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((path) => ({ uid: path, name: path.split('/').pop() ?? path, path, status: 'done' }));

const pathsOf = (list: readonly Item[]) =>
  list
    .filter((f) => f.status === 'done' && f.path)
    .map((f) => f.path)
    .join(',');

function Thumb({ path, name }: { path?: string; name: string }) {
  const url = useSignedUrl(path);
  return url ? (
    <Image src={url} alt={name} width={86} height={86} style={{ objectFit: 'cover' }} />
  ) : (
    <div style={{ width: 86, height: 86, background: '#f5f5f5' }} />
  );
}

function FileLink({ item }: { item: Item }) {
  const url = useSignedUrl(item.status === 'done' ? item.path : undefined);
  const shown = shortFileName(item.name);
  return url ? (
    <a href={url} target="_blank" rel="noreferrer" title={item.name}>
      {shown}
    </a>
  ) : (
    <span title={item.name}>{shown}</span>
  );
}

export function FileUpload({ value, onChange, biz, number = 0, kind = 'file', disabled }: FileUploadProps) {
  const tx = useBilingual();
  const [list, setList] = useState<Item[]>(() => toItems(value));
  const listRef = useRef(list);
  listRef.current = list;
  const tracked = useTrackedUpload();

  // An outside value (form reset) replaces the list when it differs from what this component holds.
  useEffect(() => {
    if ((value ?? '') !== pathsOf(listRef.current)) setList(toItems(value));
  }, [value]);

  const commit = (next: Item[]) => {
    const kept = keepLastFiles(
      next.filter((f) => f.status !== 'removed'),
      number,
    );
    setList(kept);
    listRef.current = kept;
    onChange?.(pathsOf(kept), kept);
  };
  const patch = (uid: string, change: Partial<Item>) =>
    commit(listRef.current.map((f) => (f.uid === uid ? { ...f, ...change } : f)));

  async function send(file: File & { uid: string }) {
    if (kind === 'image') {
      const refused = checkImageType(file);
      if (refused) {
        message.warning(refused);
        return;
      }
    }
    commit([
      ...listRef.current,
      { uid: file.uid, name: file.name, type: file.type, size: file.size, status: 'uploading', percent: 0 },
    ]);
    let outcome: ReturnType<typeof settleUpload>;
    try {
      const env = await tracked(() =>
        upload<unknown>('/sys/common/upload', file, biz ? { biz } : {}, (percent) =>
          patch(file.uid, { percent }),
        ),
      );
      outcome = settleUpload(env);
    } catch (error) {
      outcome = { status: 'error', message: uploadErrorText(errorText(error)) };
    }
    if (outcome.status === 'done') {
      patch(file.uid, { status: 'done', path: outcome.path, percent: 100 });
      return;
    }
    patch(file.uid, { status: 'error', message: outcome.message });
    Modal.error({ title: MSG.uploadErrorTitle, content: outcome.message });
    message.error(fileUploadFailedText(file.name));
  }

  const move = (index: number, direction: 'left' | 'right') => {
    const result = moveImage(listRef.current, index, direction);
    if (!result.ok) {
      message.warning(result.message);
      return;
    }
    commit(result.list);
  };

  const antList: UploadFile[] = list.map((f) => ({
    uid: f.uid,
    name: f.name,
    status: f.status,
    percent: f.percent,
    response: f.message,
  }));

  return (
    <Upload
      data-testid={`upload-${kind}`}
      listType={kind === 'image' ? 'picture-card' : 'text'}
      accept={kind === 'image' ? 'image/*' : undefined}
      multiple={number !== 1}
      disabled={disabled}
      fileList={antList}
      customRequest={(option) => void send(option.file as File & { uid: string })}
      onRemove={(f) => {
        commit(listRef.current.map((x) => (x.uid === f.uid ? { ...x, status: 'removed' } : x)));
        return false;
      }}
      itemRender={(_node, f, _all, actions) => {
        const index = list.findIndex((x) => x.uid === f.uid);
        const item = list[index];
        if (!item) return null;
        const statusText =
          item.status === 'uploading'
            ? `${tx(['上传中', 'Uploading'])} ${item.percent ?? 0}%`
            : item.status === 'error'
              ? tx(['失败', 'Failed'])
              : '';
        if (kind === 'image')
          return (
            <div
              data-testid="upload-item"
              data-status={item.status}
              style={{ width: 102, textAlign: 'center', fontSize: 12 }}
            >
              {item.status === 'done' ? (
                <Thumb path={item.path} name={item.name} />
              ) : (
                <div
                  style={{
                    height: 86,
                    lineHeight: '86px',
                    color: item.status === 'error' ? '#ff4d4f' : undefined,
                  }}
                >
                  {statusText}
                </div>
              )}
              <Space size={2}>
                <MoveButton direction="left" onMove={() => move(index, 'left')} />
                <Button size="small" type="text" danger onClick={actions.remove} aria-label="remove">
                  ×
                </Button>
                <MoveButton direction="right" onMove={() => move(index, 'right')} />
              </Space>
            </div>
          );
        return (
          <div
            data-testid="upload-item"
            data-status={item.status}
            style={{ display: 'flex', gap: 8, alignItems: 'center' }}
          >
            <FileLink item={item} />
            <span style={{ color: item.status === 'error' ? '#ff4d4f' : '#999', fontSize: 12 }}>
              {statusText}
            </span>
            <Button size="small" type="link" danger onClick={actions.remove}>
              {tx(['删除', 'Remove'])}
            </Button>
          </div>
        );
      }}
    >
      {kind === 'image' ? (
        <div>
          <PlusOutlined />
          <div style={{ marginTop: 4 }}>{tx(['上传', 'Upload'])}</div>
        </div>
      ) : (
        <Button icon={<UploadOutlined />} disabled={disabled}>
          {tx(['上传文件', 'Upload file'])}
        </Button>
      )}
    </Upload>
  );
}

const MOVES = {
  left: { icon: <LeftOutlined />, title: ['左移', 'Move left'] },
  right: { icon: <RightOutlined />, title: ['右移', 'Move right'] },
} as const;

/** Moves a file one place in the list's order. */
function MoveButton({ direction, onMove }: { direction: 'left' | 'right'; onMove: () => void }) {
  const tx = useBilingual();
  return (
    <Tooltip title={tx(MOVES[direction].title)}>
      <Button size="small" type="text" icon={MOVES[direction].icon} aria-label={direction} onClick={onMove} />
    </Tooltip>
  );
}
