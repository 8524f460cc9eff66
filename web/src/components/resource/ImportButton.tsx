// Excel import with progress and the per-row error report; the template can be downloaded beside it.
import { App, Button, Dropdown, Modal, Progress, Table, Typography, Upload } from 'antd';
import { type ReactNode, useState } from 'react';
import { errorText } from '../../services/request';
import { useBilingual } from './text';
import { downloadFile, type ImportReport, uploadImport } from './transfer';

export function ImportButton({
  url,
  template,
  title,
  icon,
  onDone,
  accept = '.xlsx,.xls',
}: {
  url: string;
  /** File types offered (a bank statement also comes as CSV). */
  accept?: string;
  template?: string;
  title: string;
  icon: ReactNode;
  onDone: () => void;
}) {
  const tx = useBilingual();
  const { message } = App.useApp();
  const [percent, setPercent] = useState<number | null>(null);
  const [report, setReport] = useState<{ message: string; report: ImportReport | null } | null>(null);

  async function send(file: File) {
    setPercent(0);
    try {
      const result = await uploadImport(url, file, setPercent);
      if (!result.ok) message.error(result.message);
      else {
        if ((result.report?.errors.length ?? 0) === 0) message.success(result.message);
        setReport({ message: result.message, report: result.report });
        onDone();
      }
    } catch (error) {
      message.error(errorText(error));
    } finally {
      setPercent(null);
    }
  }

  const upload = (
    <Upload
      accept={accept}
      showUploadList={false}
      beforeUpload={(file) => {
        void send(file);
        return false;
      }}
    >
      <Button icon={icon} loading={percent !== null} data-testid="import-button">
        {tx(['导入', 'Import'])}
      </Button>
    </Upload>
  );

  return (
    <>
      {template ? (
        <Dropdown.Button
          menu={{
            items: [{ key: 'template', label: tx(['下载导入模板', 'Download template']) }],
            onClick: () =>
              void downloadFile(template, {}, `${title}-模板.xlsx`).catch((e) => message.error(errorText(e))),
          }}
          buttonsRender={([, right]) => [upload, right]}
        />
      ) : (
        upload
      )}
      <Modal open={percent !== null} footer={null} closable={false} title={tx(['正在导入…', 'Importing…'])}>
        <Progress percent={percent ?? 0} status="active" />
      </Modal>
      <Modal
        open={Boolean(report && (report.report?.errors.length ?? 0) > 0)}
        title={tx(['导入结果', 'Import result'])}
        onCancel={() => setReport(null)}
        onOk={() => setReport(null)}
        width={640}
      >
        <Typography.Paragraph data-testid="import-summary">
          {report?.report?.msg ?? report?.message}
        </Typography.Paragraph>
        <Table
          size="small"
          rowKey={(e) => `${e.row}-${e.message}`}
          pagination={{ pageSize: 10 }}
          dataSource={report?.report?.errors ?? []}
          columns={[
            { title: tx(['行号', 'Row']), dataIndex: 'row', width: 80 },
            { title: tx(['错误', 'Error']), dataIndex: 'message' },
          ]}
          data-testid="import-errors"
        />
      </Modal>
    </>
  );
}
