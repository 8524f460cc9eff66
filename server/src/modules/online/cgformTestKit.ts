// Shared by the online form tests: a field of a definition body as the designer sends it.

/** A text field shown in list and form, optional, not searched; `extra` overrides any of it. */
export const field = (dbFieldName: string, dbFieldTxt: string, extra: Record<string, unknown> = {}) => ({
  dbFieldName,
  dbFieldTxt,
  dbType: 'string',
  dbLength: 50,
  dbIsNull: 1,
  isShowForm: 1,
  isShowList: 1,
  isQuery: 0,
  orderNum: 0,
  ...extra,
});
