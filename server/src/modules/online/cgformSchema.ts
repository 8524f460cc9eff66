import type { CgformField, CgformHead } from '@freight/contracts';
import { integer, jsonb, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditedTable, partTable } from '../../platform/db/businessTable.ts';
import { bilingualColumns, idRef } from '../../platform/db/columns.ts';

/** An index of an online table (reference onl_cgform_index): its fields, comma separated. */
export interface CgformIndexDef {
  indexName: string;
  indexField: string;
  /** 'normal' or 'unique'. */
  indexType: string;
}

/** A whole definition as kept in versions and as last synced. */
export interface CgformSnapshot {
  head: Omit<CgformHead, 'id' | 'isDbSynch'>;
  fields: CgformField[];
  indexs: CgformIndexDef[];
}

/**
 * Online form heads (reference onl_cgform_head). The table itself lives in the `onl` schema under
 * `table_name`; `synced` is the definition the table was last synced to, which the data API serves (a
 * definition edited but not synced yet changes nothing for users of the form).
 */
export const onlCgformHead = auditedTable(
  'onl_cgform_head',
  {
    tableName: varchar('table_name', { length: 64 }).notNull(),
    ...bilingualColumns('tableTxt', 200),
    /** 1 single table, 2 main table, 3 sub table. */
    tableType: smallint('table_type').notNull().default(1),
    /** 'Y' once the table matches the definition, 'N' after an edit until the next sync. */
    isDbSynch: varchar('is_db_synch', { length: 1 }).notNull().default('N'),
    /** Increases with every saved edit; versions keep the ones before. */
    version: integer('version').notNull().default(1),
    synced: jsonb('synced').$type<CgformSnapshot>(),
    /** Main table: its sub-tables, comma separated, kept by the server when a sub-table is saved. */
    subTableStr: varchar('sub_table_str', { length: 1000 }),
    /** Sub-table: 0 one-to-many, 1 one-to-one with its master. */
    relationType: smallint('relation_type'),
    tabOrderNum: integer('tab_order_num'),
    /** Tree form: 'Y', with its parent field, has-child field and the field a node is shown by. */
    isTree: varchar('is_tree', { length: 1 }).notNull().default('N'),
    treeParentIdField: varchar('tree_parent_id_field', { length: 64 }),
    treeIdField: varchar('tree_id_field', { length: 64 }),
    treeFieldname: varchar('tree_fieldname', { length: 64 }),
  },
  (t) => [uniqueIndex('onl_cgform_head_table_uidx').on(t.tableName)],
);

export const onlCgformField = partTable(
  'onl_cgform_field',
  { cgformHeadId: 'cgform_head_id' },
  {
    dbFieldName: varchar('db_field_name', { length: 64 }).notNull(),
    ...bilingualColumns('dbFieldTxt', 200),
    dbType: varchar('db_type', { length: 20 }).notNull(),
    dbLength: integer('db_length'),
    dbPointLength: integer('db_point_length'),
    dbDefaultVal: varchar('db_default_val', { length: 200 }),
    dbIsNull: smallint('db_is_null').notNull().default(1),
    isShowForm: smallint('is_show_form').notNull().default(1),
    isShowList: smallint('is_show_list').notNull().default(1),
    isQuery: smallint('is_query').notNull().default(0),
    queryMode: varchar('query_mode', { length: 10 }),
    fieldShowType: varchar('field_show_type', { length: 20 }),
    dictField: varchar('dict_field', { length: 100 }),
    dictTable: varchar('dict_table', { length: 100 }),
    dictText: varchar('dict_text', { length: 100 }),
    isUnique: smallint('is_unique').notNull().default(0),
    fieldValidType: varchar('field_valid_type', { length: 200 }),
    sortFlag: smallint('sort_flag').notNull().default(0),
    orderNum: integer('order_num').notNull().default(0),
    /** A sub-table's foreign key field: the master's table and the master field it refers to. */
    mainTable: varchar('main_table', { length: 64 }),
    mainField: varchar('main_field', { length: 64 }),
  },
  (t) => [t.orderNum],
);

export const onlCgformIndex = partTable(
  'onl_cgform_index',
  { cgformHeadId: 'cgform_head_id' },
  {
    indexName: varchar('index_name', { length: 64 }).notNull(),
    indexField: varchar('index_field', { length: 500 }).notNull(),
    indexType: varchar('index_type', { length: 10 }).notNull().default('normal'),
  },
);

/** Earlier definitions of a form: one row per saved edit, the definition as it was before it. */
export const onlCgformVersion = auditedTable(
  'onl_cgform_version',
  {
    cgformHeadId: idRef('cgform_head_id').notNull(),
    version: integer('version').notNull(),
    content: jsonb('content').$type<CgformSnapshot>().notNull(),
  },
  (t) => [uniqueIndex('onl_cgform_version_head_uidx').on(t.cgformHeadId, t.version)],
);
