// A waybill's amounts as description items, labelled by the notes' declaration (the list columns' labels).
import { type FieldDecl, formatFen, formatTonnes, noteResource } from '@freight/contracts';
import { Descriptions } from 'antd';
import { useBilingual } from '../../../components/resource/text';

type Row = Record<string, unknown>;
type NoteField = keyof typeof noteResource.fields;

/** The items of these fields of a note: fen as yuan, grams as tonnes, a hidden fee as '--'. */
export function useNoteAmounts(row: Row) {
  const tx = useBilingual();
  return (keys: readonly NoteField[]) =>
    keys.map((key) => {
      const field: FieldDecl = noteResource.fields[key];
      const value = row[key];
      const text =
        value === '--' || value === null || value === undefined
          ? '--'
          : field.kind === 'tonnes'
            ? formatTonnes(value as number)
            : formatFen(value as number);
      return (
        <Descriptions.Item key={key} label={tx(field.label)}>
          {text}
        </Descriptions.Item>
      );
    });
}
