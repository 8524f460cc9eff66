// Online form definitions the API tests (server/src/modules/online) and the browser tests (e2e) both build,
// written once here: a designer body as `POST /online/cgform/api/addAll` takes it. Test-only: imported as
// `@freight/contracts/testing`, never by the product's code.

type Body = Record<string, unknown>;

/** A designer body: head, fields, indexes. */
export interface CgformTestForm {
  head: Body & { tableName: string; tableTxt: string; tableType: number };
  fields: Body[];
  indexs: Body[];
}

/** A text field shown in list and form, optional, not searched; `extra` overrides any of it. */
export const cgformTestField = (dbFieldName: string, dbFieldTxt: string, extra: Body = {}): Body => ({
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

/**
 * A main form 线路运单 with two sub-tables: 经停点 (one-to-many; its 站点编码 unique) and 备注 (one-to-one).
 * `suffix` keeps the table names apart on a database other runs share (the browser tests').
 */
export function routeOrderForms(suffix = '') {
  const main = `route_order${suffix}`;
  const orderKey = (orderNum: number) =>
    cgformTestField('order_id', '运单', {
      dbLength: 32,
      mainTable: main,
      mainField: 'id',
      isShowForm: 0,
      isShowList: 0,
      orderNum,
    });
  const form = (head: CgformTestForm['head'], fields: Body[]): CgformTestForm => ({
    head: { tableTxtEn: null, ...head },
    fields,
    indexs: [],
  });
  return {
    main: form({ tableName: main, tableTxt: '线路运单', tableType: 2 }, [
      cgformTestField('order_no', '单号', { dbIsNull: 0, isQuery: 1, queryMode: 'like', orderNum: 1 }),
      cgformTestField('shipper', '托运人', { orderNum: 2 }),
    ]),
    stop: form(
      { tableName: `route_stop${suffix}`, tableTxt: '经停点', tableType: 3, relationType: 0, tabOrderNum: 1 },
      [
        cgformTestField('stop_name', '经停点名称', { dbIsNull: 0, orderNum: 1 }),
        cgformTestField('city', '城市', { orderNum: 2 }),
        cgformTestField('seq', '顺序', { dbType: 'int', orderNum: 3 }),
        cgformTestField('stop_code', '站点编码', { dbLength: 20, isUnique: 1, orderNum: 4 }),
        orderKey(5),
      ],
    ),
    note: form(
      { tableName: `route_note${suffix}`, tableTxt: '备注', tableType: 3, relationType: 1, tabOrderNum: 2 },
      [cgformTestField('remark', '说明', { orderNum: 1 }), orderKey(2)],
    ),
  };
}

/** A tree form 货物分类: rows point at their parent through `pid`; `has_child` is kept by the server. */
export function goodsCategoryForm(suffix = '', head: Body = {}): CgformTestForm {
  return {
    head: {
      tableName: `goods_category${suffix}`,
      tableTxt: '货物分类',
      tableType: 1,
      isTree: 'Y',
      treeParentIdField: 'pid',
      treeIdField: 'has_child',
      treeFieldname: 'name',
      ...head,
    },
    fields: [
      cgformTestField('name', '分类名称', { dbIsNull: 0, isQuery: 1, queryMode: 'like', orderNum: 1 }),
      cgformTestField('pid', '父级', { dbLength: 32, isShowList: 0, orderNum: 2 }),
      cgformTestField('has_child', '是否有子节点', {
        dbLength: 3,
        isShowForm: 0,
        isShowList: 0,
        orderNum: 3,
      }),
    ],
    indexs: [],
  };
}
