// A waybill's ETC tolls in its detail drawer (platform staff): the total of the toll records matched to it,
// linked to ETC记录 filtered by the waybill for those who may open it (GET /shipping/hyShippingNote/etc).
import { USER_TYPE } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Typography } from 'antd';
import { Link } from 'react-router';
import { api } from '../../services/request';
import { usePermissions } from '../../stores/permissions';
import { useSession } from '../../stores/session';
import { SectionTitle } from '../common/QuerySection';
import { useBilingual } from '../resource/text';
import { yuan } from './money';

export function NoteEtcTotal({ noteId, noteNumber }: { noteId: string; noteNumber: string }) {
  const tx = useBilingual();
  const staff = useSession((s) => s.userType === USER_TYPE.system);
  const canList = usePermissions((s) => s.codes.includes('finance:etc:list'));
  const total = useQuery({
    queryKey: ['noteEtc', noteId],
    queryFn: () =>
      api.get<{ count: number; amountFen: number }>('/shipping/hyShippingNote/etc', { id: noteId }),
    enabled: staff,
  });
  if (!staff || !total.data) return null;
  const { count, amountFen } = total.data;
  return (
    <>
      <SectionTitle>{tx(['ETC通行费', 'ETC tolls'])}</SectionTitle>
      <Descriptions bordered size="small" column={1} data-testid="note-etc">
        <Descriptions.Item label={tx(['ETC合计', 'ETC total'])}>
          <span data-testid="note-etc-total">{yuan(amountFen)}</span>
          <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
            {tx([`${count} 条通行记录`, `${count} toll record${count === 1 ? '' : 's'}`])}
          </Typography.Text>
          {canList && count > 0 && (
            <Link
              style={{ marginLeft: 8 }}
              to={`/plateform/etc?shippingNoteNumber=${encodeURIComponent(noteNumber)}`}
            >
              {tx(['查看', 'View'])}
            </Link>
          )}
        </Descriptions.Item>
      </Descriptions>
    </>
  );
}
