import { describe, expect, it } from 'vitest';
import { rowsForFields } from './rowEditing';

describe('rowsForFields', () => {
  const fields = [{ name: 'a' }, { name: 'b' }, { name: 'c' }];
  const isRowOf = (row: { name: string }, field: { name: string }) => row.name === field.name;

  it('keeps the edited row of a field and makes new rows for the others, in the fields order', () => {
    const edited = [
      { name: 'c', shown: false, order: 9 },
      { name: 'gone', shown: true, order: 1 },
      { name: 'a', shown: false, order: 7 },
    ];
    const rows = rowsForFields(fields, edited, isRowOf, (field, i) => ({
      name: field.name,
      shown: true,
      order: i + 1,
    }));
    expect(rows).toEqual([
      { name: 'a', shown: false, order: 7 },
      { name: 'b', shown: true, order: 2 },
      { name: 'c', shown: false, order: 9 },
    ]);
    expect(rows[0]).toBe(edited[2]);
  });
});
