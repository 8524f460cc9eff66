// A report rendered from its code (search, sort, page, totals and export to Excel): the report list's
// preview and the report's own page show it.
import { ExportOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Skeleton } from 'antd';
import { useState } from 'react';
import { useBusyAction } from '../../../components/common/useBusyAction';
import { ReportTable } from '../../../components/popup/ReportTable';
import { getRpColumns, type RpQuery } from '../../../components/popup/reportApi';
import { useBilingual } from '../../../components/resource/text';
import { download, errorText, showFailure } from '../../../services/request';

export function ReportView({ code }: { code: string }) {
  const tx = useBilingual();
  const [query, setQuery] = useState<RpQuery>({ pageNo: 1, pageSize: 10 });
  const { busy: exporting, run: runExporting } = useBusyAction(showFailure);
  const meta = useQuery({
    queryKey: ['report-columns', code],
    queryFn: () => getRpColumns(code),
    enabled: !!code,
  });
  if (!code) return <Alert type="error" showIcon message={tx(['缺少报表编码', 'No report code'])} />;
  if (meta.isError) return <Alert type="error" showIcon message={errorText(meta.error)} />;
  if (!meta.data) return <Skeleton active />;
  const exportXls = async () => {
    await runExporting(async () => {
      const { pageNo: _p, pageSize: _s, ...rest } = query;
      const { blob, fileName } = await download(
        `/online/cgreport/api/exportXls/${encodeURIComponent(meta.data.cgRpConfigId)}`,
        rest,
      );
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = fileName ?? `${meta.data.cgRpConfigName}.xlsx`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
    });
  };
  return (
    <Card
      title={meta.data.cgRpConfigName}
      extra={
        <Button
          icon={<ExportOutlined />}
          loading={exporting}
          onClick={() => void exportXls()}
          data-testid="report-export"
        >
          {tx(['导出', 'Export'])}
        </Button>
      }
    >
      <ReportTable meta={meta.data} onQueryChange={setQuery} />
    </Card>
  );
}
