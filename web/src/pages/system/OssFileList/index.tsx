// 对象存储 (component `system/OssFileList`): every uploaded file through its declaration, with a preview
// (images, PDF), a download and a delete that asks first. Files are read through short-lived signed links.
import { FileOutlined, FilePdfOutlined } from '@ant-design/icons';
import { ossFileResource } from '@freight/contracts';
import { Button, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceListPage, useResourcePage } from '../../../components/resource';
import { pickText, useBilingual } from '../../../components/resource/text';
import { SignedImage, useSignedUrl } from '../../../components/upload';
import { feedback } from '../../../services/feedback';
import { api } from '../../../services/request';

type Row = Record<string, unknown>;

const isImage = (row: Row) => String(row.mimeType ?? '').startsWith('image/');
const isPdf = (row: Row) => row.mimeType === 'application/pdf';

async function signedUrl(path: string): Promise<string> {
  return (await api.get<{ url: string }>('/sys/common/signUrl', { path })).url;
}

/** Saves the file under its uploaded name. */
async function download(row: Row): Promise<void> {
  const link = document.createElement('a');
  link.href = await signedUrl(String(row.path));
  link.download = String(row.originalName ?? '') || String(row.path).split('/').pop() || 'file';
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

function PdfFrame({ path, title }: { path: string; title: string }) {
  const url = useSignedUrl(path);
  return url ? <iframe src={url} title={title} style={{ width: '100%', height: '70vh', border: 0 }} /> : null;
}

function Preview({ row, onClose }: { row: Row | null; onClose(): void }) {
  const tx = useBilingual();
  const name = String(row?.originalName ?? row?.path ?? '');
  return (
    <Modal
      open={!!row}
      title={name}
      onCancel={onClose}
      width={isPdf(row ?? {}) ? 900 : 640}
      footer={
        row ? (
          <Button type="primary" onClick={() => void download(row)}>
            {tx(['下载', 'Download'])}
          </Button>
        ) : null
      }
      destroyOnHidden
    >
      {row && isImage(row) ? (
        <div style={{ textAlign: 'center' }} data-testid="oss-preview-image">
          <SignedImage
            path={String(row.path)}
            style={{ maxWidth: '100%', maxHeight: '70vh' }}
            preview={false}
          />
        </div>
      ) : null}
      {row && isPdf(row) ? <PdfFrame path={String(row.path)} title={name} /> : null}
    </Modal>
  );
}

export default function OssFileList() {
  const { i18n } = useTranslation();
  const [previewing, setPreviewing] = useState<Row | null>(null);
  const def = useResourcePage(ossFileResource, [i18n], () => ({
    rowKey: 'path',
    detailFromRecord: true,
    fields: {
      originalName: {
        render: (value, row) => (
          <Space size={8}>
            {isImage(row) ? (
              <SignedImage
                path={String(row.path)}
                width={28}
                height={28}
                preview={false}
                style={{ objectFit: 'cover' }}
              />
            ) : isPdf(row) ? (
              <FilePdfOutlined style={{ fontSize: 20, color: '#cf1322' }} />
            ) : (
              <FileOutlined style={{ fontSize: 20 }} />
            )}
            <Typography.Text ellipsis style={{ maxWidth: 160 }}>
              {String(value ?? '') || '-'}
            </Typography.Text>
          </Space>
        ),
      },
    },
    rowActions: [
      {
        key: 'preview',
        label: ['预览', 'Preview'],
        visible: (row) => isImage(row) || isPdf(row),
        run: (row) => setPreviewing(row),
      },
      { key: 'download', label: ['下载', 'Download'], run: (row) => download(row) },
      {
        key: 'delete',
        label: ['删除', 'Delete'],
        perm: 'system:oss:delete',
        danger: true,
        confirm: [
          '删除后文件无法恢复，引用它的记录将不再显示该文件。确定删除？',
          'The file cannot be restored and records using it will no longer show it. Delete it?',
        ],
        run: async (row, helpers) => {
          await api.delete('/sys/oss/file/delete', { path: String(row.path) });
          feedback.message.success(pickText(['删除成功', 'Deleted'], i18n.language));
          helpers.reload();
        },
      },
    ],
  }));
  return (
    <>
      <ResourceListPage def={def} />
      <Preview row={previewing} onClose={() => setPreviewing(null)} />
    </>
  );
}
