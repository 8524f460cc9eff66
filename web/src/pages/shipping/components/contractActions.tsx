// Download and verify a transport contract (运输合同): used by the contract list and the waybill detail.
import {
  type ContractVerification,
  formatDateTime,
  formatFen,
  type Page,
  transportContractResource,
} from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Descriptions, Empty, Space, Spin, Tag, Typography } from 'antd';
import { useCallback } from 'react';
import { SectionTitle } from '../../../components/common/QuerySection';
import { useBilingual } from '../../../components/resource/text';
import { downloadFile } from '../../../components/resource/transfer';
import { api, errorText, getEnvelope } from '../../../services/request';

export const CONTRACT_PATH = '/shipping/contract';

type Row = Record<string, unknown>;

export function downloadContract(row: Row): Promise<void> {
  return downloadFile(`${CONTRACT_PATH}/pdf`, { id: row.id }, `运输合同${String(row.contractNo ?? '')}.pdf`);
}

/** Verifies a contract on the server and shows what it found (digest recomputed, signature checked). */
export function useVerifyContract(): (row: Row) => Promise<void> {
  const { modal } = App.useApp();
  const tx = useBilingual();
  return useCallback(
    async (row: Row) => {
      const env = await getEnvelope<ContractVerification>(`${CONTRACT_PATH}/verify`, { id: row.id });
      if (!env.success || !env.result) throw new Error(env.message);
      const v = env.result;
      const yes = tx(['是', 'yes']);
      const no = tx(['否', 'no']);
      (v.valid ? modal.success : modal.error)({
        title: v.valid ? tx(['验证通过', 'Verified']) : tx(['验证失败', 'Verification failed']),
        width: 560,
        content: (
          <div data-testid="contract-verification">
            <Typography.Paragraph>{v.message}</Typography.Paragraph>
            <Descriptions size="small" column={1} bordered>
              <Descriptions.Item label={tx(['合同编号', 'Contract no.'])}>{v.contractNo}</Descriptions.Item>
              <Descriptions.Item label={tx(['文件摘要一致', 'Digest matches'])}>
                {v.digestMatches ? yes : no}
              </Descriptions.Item>
              <Descriptions.Item label={tx(['签章有效', 'Signature valid'])}>
                {v.signatureValid ? yes : no}
              </Descriptions.Item>
              <Descriptions.Item label={tx(['签章机构', 'CA'])}>
                {v.caName ?? '--'} {v.keyId ? `(${v.keyId})` : ''}
              </Descriptions.Item>
              <Descriptions.Item label={tx(['签署人', 'Signer'])}>{v.signer ?? '--'}</Descriptions.Item>
              <Descriptions.Item label={tx(['签署时间', 'Signed at'])}>
                {v.signTime ? formatDateTime(v.signTime) : '--'}
              </Descriptions.Item>
              <Descriptions.Item label="SHA-256">
                <Typography.Text code style={{ wordBreak: 'break-all', fontSize: 11 }}>
                  {v.digest}
                </Typography.Text>
              </Descriptions.Item>
            </Descriptions>
          </div>
        ),
      });
    },
    [modal, tx],
  );
}

/** The waybill's carrier contract in its detail: number, state, signing, and its download and verification. */
export function NoteContractSection({ noteId }: { noteId: string }) {
  const tx = useBilingual();
  const { message } = App.useApp();
  const verify = useVerifyContract();
  const contract = useQuery({
    queryKey: ['noteContract', noteId],
    queryFn: () =>
      api.get<Page<Row>>(`${CONTRACT_PATH}/list`, {
        noteId,
        pageSize: 5,
        column: 'createTime',
        order: 'desc',
      }),
  });
  const row = contract.data?.records?.[0];
  const fields = transportContractResource.fields;
  const run = (work: () => Promise<void>) => () =>
    void work().catch((error) => message.error(errorText(error)));
  return (
    <>
      <SectionTitle>{tx(['运输合同', 'Transport contract'])}</SectionTitle>
      {contract.isLoading ? (
        <Spin />
      ) : !row ? (
        <Empty description={tx(['接单后生成并签署承运合同', 'Signed with the accept'])} />
      ) : (
        <Descriptions bordered size="small" column={1} data-testid="note-contract">
          <Descriptions.Item label={tx(fields.contractNo.label)}>{String(row.contractNo)}</Descriptions.Item>
          <Descriptions.Item label={tx(fields.state.label)}>
            <Tag color={Number(row.state) === 1 ? 'green' : Number(row.state) === 2 ? 'red' : 'default'}>
              {tx(fields.state.options.find((o) => o.value === Number(row.state))?.label ?? '--')}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label={tx(fields.partyB.label)}>{String(row.partyB ?? '')}</Descriptions.Item>
          <Descriptions.Item label={tx(fields.freightFen.label)}>
            {formatFen(row.freightFen as number)}
          </Descriptions.Item>
          <Descriptions.Item label={tx(fields.signTime.label)}>
            {row.signTime ? formatDateTime(String(row.signTime)) : '--'}
            {row.signedBy ? ` · ${tx(['代签', 'on behalf by'])} ${String(row.signedBy)}` : ''}
          </Descriptions.Item>
          <Descriptions.Item label={tx(['操作', 'Actions'])}>
            <Space>
              <Button size="small" onClick={run(() => downloadContract(row))}>
                {tx(['下载PDF', 'Download PDF'])}
              </Button>
              <Button size="small" onClick={run(() => verify(row))}>
                {tx(['验证', 'Verify'])}
              </Button>
            </Space>
          </Descriptions.Item>
        </Descriptions>
      )}
    </>
  );
}
