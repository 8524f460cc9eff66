// The bank of a card: the enabled banks of /bank/hyBank, code as value.
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useBilingual } from '../../../components/resource/text';
import { api } from '../../../services/request';

interface BankOption {
  bankCode: string;
  bankName: string;
  shortName?: string | null;
}

export function BankSelect({
  value,
  onChange,
  disabled,
}: {
  value?: string | null;
  onChange?: (value: string | null) => void;
  disabled?: boolean;
}) {
  const tx = useBilingual();
  const banks = useQuery({
    queryKey: ['bankOptions'],
    queryFn: () => api.get<BankOption[]>('/bank/hyBank/options'),
    staleTime: 300_000,
  });
  return (
    <Select
      showSearch
      allowClear
      value={value ?? undefined}
      loading={banks.isLoading}
      disabled={disabled}
      placeholder={tx(['请选择银行', 'Choose a bank'])}
      optionFilterProp="label"
      onChange={(v) => onChange?.(v ?? null)}
      options={(banks.data ?? []).map((b) => ({
        value: b.bankCode,
        label: `${b.bankName}（${b.bankCode}）`,
      }))}
      style={{ width: '100%' }}
      data-testid="bank-select"
    />
  );
}
