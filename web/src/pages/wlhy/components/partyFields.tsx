// Pieces every reviewed screen shares: resubmission, a reason prompt.
import { Input, Typography } from 'antd';
import type { RowAction } from '../../../components/resource';
import { pickText } from '../../../components/resource/text';
import type { Bilingual } from '../../../components/resource/types';
import i18n from '../../../locales/i18n';
import { feedback } from '../../../services/feedback';
import { api } from '../../../services/request';

const tx = (text: Bilingual) => pickText(text, i18n.language ?? 'zh-CN');

/** Draft, rejected and expired records go (back) to review. */
export function submitAction(base: string, perm: string): RowAction {
  return {
    key: 'submit',
    label: ['提交审核', 'Submit'],
    perm: `${perm}:edit`,
    visible: (row) => [0, 3, 4].includes(Number(row.state)),
    confirm: ['确定提交审核吗?', 'Submit for review?'],
    run: async (row, { reload }) => {
      await api.post(`${base}/submit`, { id: row.id });
      feedback.message.success(tx(['已提交审核', 'Submitted']));
      reload();
    },
  };
}

/** Asks for a required reason (blacklisting…); resolves null when cancelled. */
export function askReason(title: Bilingual, placeholder: Bilingual): Promise<string | null> {
  return new Promise((resolve) => {
    let reason = '';
    let settled = false;
    const settle = (value: string | null) => {
      if (!settled) resolve(value);
      settled = true;
    };
    feedback.modal.confirm({
      title: tx(title),
      icon: null,
      content: (
        <div>
          <Input.TextArea
            aria-label={tx(placeholder)}
            placeholder={tx(placeholder)}
            rows={3}
            maxLength={255}
            showCount
            onChange={(e) => {
              reason = e.target.value;
            }}
            data-testid="reason-input"
          />
          <Typography.Text type="secondary">{tx(['必填', 'Required'])}</Typography.Text>
        </div>
      ),
      onOk: () => {
        if (!reason.trim()) {
          feedback.message.warning(tx(['请填写原因', 'Please give a reason']));
          return Promise.reject(new Error('reason required'));
        }
        settle(reason.trim());
        return Promise.resolve();
      },
      onCancel: () => settle(null),
    });
  });
}
