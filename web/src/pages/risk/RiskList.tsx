// 风控列表: the waybills that raised warnings, their risk status (blocked while a blocking warning
// is unresolved), open warnings and score; a row opens its warnings.
import { riskNoteResource } from '@freight/contracts';
import { Tag } from 'antd';
import { useNavigate } from 'react-router';
import { ResourceListPage, useResourcePage } from '../../components/resource';

const scoreColour = (score: number) => (score >= 60 ? 'red' : score >= 30 ? 'orange' : 'green');

export default function RiskList() {
  const navigate = useNavigate();
  const def = useResourcePage(riskNoteResource, [navigate], () => ({
    fields: {
      score: { render: (value) => <Tag color={scoreColour(Number(value))}>{Number(value)}</Tag> },
    },
    rowActions: [
      {
        key: 'warnings',
        label: ['预警', 'Warnings'],
        run: (row) => navigate(`/risk/warning?noteId=${String(row.noteId)}`),
      },
    ],
  }));
  return <ResourceListPage def={def} />;
}
