// Record-picking popup: a report by code in a 1200-wide dialog; single or multi select by
// click or checkbox; confirming returns the chosen rows mapped from orgFields to destFields.
import {
  checkPopupSelection,
  mapPopupRows,
  POPUP_MODAL_WIDTH,
  type PopupRow,
  popupRowKey,
  validatePopupConfig,
} from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Input, Modal, message } from 'antd';
import { useState } from 'react';
import { useBilingual } from '../resource/text';
import { ReportTable } from './ReportTable';
import { cachedRpColumns } from './reportApi';

export interface RecordPopupProps {
  open: boolean;
  onClose: () => void;
  /** Report code. */
  code: string;
  /** Comma list of report fields to copy. */
  orgFields: string;
  /** Comma list of target fields, one per orgField. */
  destFields: string;
  multi?: boolean;
  /** Popups of one form share the report's column answer for 30 s. */
  groupId?: string;
  width?: number;
  title?: string;
  onOk: (values: Record<string, string>, rows: PopupRow[]) => void;
}

export function RecordPopup(props: RecordPopupProps) {
  const {
    open,
    onClose,
    code,
    orgFields,
    destFields,
    multi = false,
    groupId,
    width = POPUP_MODAL_WIDTH,
  } = props;
  const tx = useBilingual();
  const [keys, setKeys] = useState<string[]>([]);
  const [rows, setRows] = useState<PopupRow[]>([]);
  const configError = validatePopupConfig({ code, orgFields, destFields });
  const meta = useQuery({
    queryKey: ['popup-columns', groupId ?? '', code],
    queryFn: () => cachedRpColumns(code, groupId),
    enabled: open && !configError,
  });

  const pick = (row: PopupRow) => {
    const key = popupRowKey(row);
    if (!multi) {
      setKeys([key]);
      setRows([row]);
      return;
    }
    if (keys.includes(key)) {
      setKeys(keys.filter((k) => k !== key));
      setRows(rows.filter((r) => popupRowKey(r) !== key));
    } else {
      setKeys([...keys, key]);
      setRows([...rows, row]);
    }
  };

  const close = () => {
    setKeys([]);
    setRows([]);
    onClose();
  };

  const confirm = () => {
    if (configError) {
      message.warning(configError);
      return;
    }
    const problem = checkPopupSelection(rows, multi);
    if (problem) {
      message.warning(problem);
      return;
    }
    props.onOk(mapPopupRows(rows, orgFields, destFields), rows);
    close();
  };

  return (
    <Modal
      open={open}
      width={width}
      title={props.title ?? meta.data?.cgRpConfigName ?? tx(['选择记录', 'Pick records'])}
      onCancel={close}
      onOk={confirm}
      okText={tx(['确定', 'OK'])}
      cancelText={tx(['取消', 'Cancel'])}
      destroyOnHidden
      styles={{ body: { maxHeight: '70vh', overflow: 'auto' } }}
    >
      {configError ? (
        <Alert type="error" showIcon message={configError} />
      ) : meta.data ? (
        <ReportTable
          meta={meta.data}
          scrollY={420}
          selection={{
            multi,
            keys,
            onChange: (k, r) => {
              setKeys(k);
              setRows(r);
            },
          }}
          onRowClick={pick}
        />
      ) : meta.isError ? (
        <Alert type="error" showIcon message={String(meta.error.message)} />
      ) : null}
    </Modal>
  );
}

/** A read-only input that opens the popup and writes the mapped values back through `onPicked`. */
export function PopupInput(
  props: Omit<RecordPopupProps, 'open' | 'onClose' | 'onOk'> & {
    /** The field of this input among destFields: its mapped value is shown. */
    field: string;
    value?: string;
    onPicked: (values: Record<string, string>) => void;
    placeholder?: string;
  },
) {
  const [open, setOpen] = useState(false);
  const { field, value, onPicked, placeholder, ...popup } = props;
  return (
    <>
      <Input
        readOnly
        value={value}
        placeholder={placeholder}
        onClick={() => setOpen(true)}
        data-testid={`popup-input-${field}`}
        style={{ cursor: 'pointer' }}
      />
      <RecordPopup
        {...popup}
        open={open}
        onClose={() => setOpen(false)}
        onOk={(values) => onPicked(values)}
      />
    </>
  );
}
