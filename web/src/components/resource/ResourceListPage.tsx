// The one list screen every resource declaration renders: search, sort, paging, add/edit, delete with
// confirmation, batch delete, Excel export of the filtered rows, import with a per-row report, a detail drawer
// and, for parties, review. Buttons follow the user's permission codes.
import { DeleteOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  type ActionType,
  DrawerForm,
  ModalForm,
  type ProColumns,
  type ProFormInstance,
  ProTable,
} from '@ant-design/pro-components';
import { PAGE_SIZE, PAGE_SIZE_OPTIONS, type Page } from '@freight/contracts';
import { App, Button, Card, Col, Divider, Popconfirm } from 'antd';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { api, errorText } from '../../services/request';
import { announceChange, onResourceChange } from '../../services/resourceEvents';
import { useSession } from '../../stores/session';
import { BusyButton } from '../common/BusyButton';
import { useDirtyGuard } from '../form/useDirtyGuard';
import { UploadTrackerProvider, useUploadTracking } from '../upload/uploadTracking';
import { DetailDrawer } from './DetailDrawer';
import { buildColumns, FormControl, fromFormValues, toFormValues } from './fields';
import { ImportButton } from './ImportButton';
import { toListQuery, urlFilterValues } from './query';
import { ReviewModal } from './ReviewModal';
import {
  actionColumnWidth,
  INLINE_ACTIONS,
  PHONE_INLINE_ACTIONS,
  type RowActionItem,
  RowActions,
  shownActionsWidth,
} from './RowActions';
import { sectionsOf } from './sections';
import { pageTotalText, useBilingual } from './text';
import { downloadFile } from './transfer';
import type { ActionHelpers, Bilingual, ResourceField, ResourcePageDef, RowAction } from './types';
import { useCan } from './useCan';
import { useNewestAnswer } from './useNewestAnswer';
import { usePhoneScreen } from './usePhoneScreen';

type Row = Record<string, unknown>;

/** A row action of the list itself that asks nothing first (details, edit, review). */
function plainItem(key: string, label: Bilingual, run: () => void): RowActionItem {
  return { key, label, run };
}

export function ResourceListPage({ def }: { def: ResourcePageDef }) {
  const tx = useBilingual();
  const can = useCan();
  const { message } = App.useApp();
  // Pages of other tabs stay mounted (keep-alive): forms need names of their own, or two tabs' fields share
  // an id and a label focuses the field of a hidden page.
  const formName = `rl${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  const dicts = useSession((s) => s.dictItems);
  const location = useLocation();
  const actionRef = useRef<ActionType>(undefined);
  const searchRef = useRef<ProFormInstance>(undefined);
  const formRef = useRef<ProFormInstance>(undefined);
  const lastQuery = useRef<Record<string, unknown>>({});
  const newestAnswer = useNewestAnswer<Page<Row> | Row[]>();
  const [selected, setSelected] = useState<Row[]>([]);
  const [editing, setEditing] = useState<Row | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const closeForm = useCallback(() => setFormOpen(false), []);
  const guard = useDirtyGuard(formOpen, closeForm);
  const uploads = useUploadTracking();
  const [addValues, setAddValues] = useState<{ seq: number; values: Row }>({ seq: 0, values: {} });
  const [detail, setDetail] = useState<Row | null>(null);
  const [reviewing, setReviewing] = useState<Row | null>(null);
  const rowKey = def.rowKey ?? 'id';
  const enabled = (action: keyof NonNullable<ResourcePageDef['actions']>) => def.actions?.[action] !== false;
  const code = (suffix: string) =>
    def.buttonCodes?.[suffix as keyof NonNullable<ResourcePageDef['buttonCodes']>] ?? `${def.perm}:${suffix}`;
  const title = tx(def.title);
  const urlValues = useMemo(
    () => urlFilterValues(location.search, def.urlFilters ?? []),
    [location.search, def.urlFilters],
  );

  // A kept-alive page opened again from a link with another `?state=` takes the new filter.
  useEffect(() => {
    if (Object.keys(urlValues).length === 0) return;
    searchRef.current?.setFieldsValue(urlValues);
    searchRef.current?.submit();
  }, [urlValues]);

  // A change anywhere (this list, another screen, another browser tab) reloads the lists of the resource.
  const reload = () => {
    announceChange(def.api);
    def.onChanged?.();
  };
  useEffect(
    () =>
      onResourceChange((path) => {
        if (path === def.api) actionRef.current?.reload();
      }),
    [def.api],
  );
  const openEdit = async (row: Row | null) => {
    if (row && def.editValues) {
      try {
        row = { ...row, ...(await def.editValues(row)) };
      } catch (error) {
        message.error(errorText(error));
        return;
      }
    }
    setEditing(row);
    guard.reset();
    setFormOpen(true);
  };
  const openAdd = (values: Row = {}) => {
    setAddValues((current) => ({ seq: current.seq + 1, values }));
    void openEdit(null);
  };
  const helpers: ActionHelpers = {
    reload: () => reload(),
    edit: (row) => void openEdit(row),
    add: (values) => openAdd(values),
  };

  async function removeRows(ids: string[]) {
    try {
      if (ids.length === 1) await api.delete(`${def.api}/delete`, { id: ids[0] });
      else await api.delete(`${def.api}/deleteBatch`, { ids: ids.join(',') });
      message.success(tx(['删除成功', 'Deleted']));
      setSelected([]);
      reload();
    } catch (error) {
      message.error(errorText(error));
    }
  }

  async function runAction(action: RowAction, row: Row) {
    try {
      await action.run(row, helpers);
    } catch (error) {
      message.error(errorText(error));
    }
  }

  const fieldColumns = buildColumns(def.fields, dicts, tx);
  const phone = usePhoneScreen();
  const [shownRows, setShownRows] = useState<Row[]>([]);
  const detailItem = (row: Row) => plainItem('detail', ['详情', 'Details'], () => setDetail(row));
  const editItem = (row: Row) => plainItem('edit', ['编辑', 'Edit'], () => openEdit(row));
  const reviewItem = (row: Row) => plainItem('review', ['审核', 'Review'], () => setReviewing(row));
  const deleteItem = (row: Row): RowActionItem => ({
    key: 'delete',
    label: ['删除', 'Delete'],
    danger: true,
    confirm: ['确定删除吗?', 'Delete this record?'],
    run: () => removeRows([String(row[rowKey])]),
  });
  const pageItem = (action: RowAction, row: Row): RowActionItem => ({
    key: action.key,
    label: action.label,
    danger: action.danger,
    confirm: action.confirm,
    run: () => runAction(action, row),
  });
  // What a row may offer, in the order it is shown (a pending record's review before its edit, so that a phone,
  // which shows only the first links, offers it): the column is sized for the first links of this list.
  const offered = [
    enabled('detail') && detailItem({}),
    def.review && can(code('review')) && reviewItem({}),
    enabled('edit') && can(code('edit')) && editItem({}),
    ...(def.rowActions ?? [])
      .filter((action) => !action.perm || can(action.perm))
      .map((action) => pageItem(action, {})),
    enabled('delete') && can(code('delete')) && deleteItem({}),
  ].filter((item): item is RowActionItem => Boolean(item));
  const rowActions = (row: Row): RowActionItem[] =>
    [
      enabled('detail') && detailItem(row),
      def.review && can(code('review')) && Number(row.state) === 1 && reviewItem(row),
      enabled('edit') && can(code('edit')) && (!def.editable || def.editable(row)) && editItem(row),
      ...(def.rowActions ?? [])
        .filter((action) => (!action.perm || can(action.perm)) && (!action.visible || action.visible(row)))
        .map((action) => pageItem(action, row)),
      enabled('delete') && can(code('delete')) && deleteItem(row),
    ].filter((item): item is RowActionItem => Boolean(item));

  // On a phone only the action column stays pinned, and narrow: pinned key columns would cover the data.
  const inline = phone ? PHONE_INLINE_ACTIONS : INLINE_ACTIONS;
  const columns: ProColumns<Row>[] = [
    ...(phone ? fieldColumns.map((column) => ({ ...column, fixed: undefined })) : fieldColumns),
    {
      title: tx(['操作', 'Actions']),
      key: 'option',
      valueType: 'option',
      fixed: 'right',
      // A phone sizes the column for the rows it shows: sized for every action a row might offer, it would
      // cover the data; the desktop keeps one width whatever the page holds.
      width:
        phone && shownRows.length > 0
          ? shownActionsWidth(
              shownRows.map((row) => rowActions(row).map((item) => tx(item.label))),
              inline,
            )
          : actionColumnWidth(
              offered.map((item) => tx(item.label)),
              inline,
            ),
      render: (_dom, row) => <RowActions items={rowActions(row)} inline={inline} />,
    },
  ];
  const scrollX = columns.reduce(
    (sum, c) => sum + (typeof c.width === 'number' && !c.hideInTable ? c.width : 0),
    0,
  );

  function exportRows() {
    const selections = selected.map((r) => String(r[rowKey])).join(',');
    const { pageNo: _p, pageSize: _s, ...filters } = lastQuery.current;
    return downloadFile(
      `${def.api}/exportXls`,
      { ...filters, ...(selections ? { selections } : {}) },
      `${title}.xlsx`,
    );
  }

  const toolbar = [
    enabled('add') && can(code('add')) && (
      <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => openAdd()}>
        {tx(['新增', 'Add'])}
      </Button>
    ),
    enabled('export') && can(code('export')) && (
      <BusyButton key="export" icon={<DownloadOutlined />} run={exportRows}>
        {tx(['导出', 'Export'])}
      </BusyButton>
    ),
    enabled('import') && can(code('import')) && (
      <ImportButton
        key="import"
        url={`${def.api}/importExcel`}
        template={def.importTemplate}
        accept={def.importAccept}
        title={title}
        onDone={reload}
        icon={<UploadOutlined />}
      />
    ),
    enabled('delete') && can(code('batch_delete')) && selected.length > 0 && (
      <Popconfirm
        key="batchDelete"
        title={tx([
          `确定删除选中的 ${selected.length} 条记录吗?`,
          `Delete ${selected.length} selected records?`,
        ])}
        onConfirm={() => removeRows(selected.map((r) => String(r[rowKey])))}
      >
        <Button danger icon={<DeleteOutlined />}>
          {tx(['批量删除', 'Delete selected'])}
        </Button>
      </Popconfirm>
    ),
    ...(def.toolbar ?? [])
      .filter((action) => (!action.perm || can(action.perm)) && (!action.batch || selected.length > 0))
      .map((action) => {
        const run = async () => {
          try {
            await action.run(selected, helpers);
          } catch (error) {
            message.error(errorText(error));
          }
        };
        const button = (
          <Button key={action.key} onClick={action.confirm ? undefined : () => void run()}>
            {tx(action.label)}
          </Button>
        );
        return action.confirm ? (
          <Popconfirm key={action.key} title={tx(action.confirm)} onConfirm={run}>
            {button}
          </Popconfirm>
        ) : (
          button
        );
      }),
  ].filter(Boolean);

  // The add/edit form, in a modal dialog or (def.formIn 'drawer') a side drawer.
  const formKey = editing ? String(editing[rowKey]) : `new-${addValues.seq}`;
  const formProps = {
    formRef,
    // Field ids get a prefix: the search form above holds fields of the same names, and duplicate ids
    // would tie the dialog's labels to the search boxes.
    name: `${formName}-edit`,
    title: editing ? `${tx(['编辑', 'Edit'])} · ${title}` : `${tx(['新增', 'Add'])} · ${title}`,
    open: formOpen,
    onValuesChange: guard.touch,
    width: def.formWidth ?? 760,
    grid: true,
    rowProps: { gutter: 16 },
    colProps: { xs: 24, sm: 12 },
    initialValues: editing
      ? toFormValues(def.fields, def.toForm ? def.toForm(editing) : editing)
      : { ...def.addDefaults, ...addValues.values },
    onOpenChange: (open: boolean) => (open ? setFormOpen(true) : guard.requestClose()),
    submitter: { submitButtonProps: { disabled: uploads.uploading } },
    onFinish: async (values: Row) => {
      // The form submits only the fields it shows: a new record's defaults for fields it leaves out (the
      // dictionary an item belongs to) are sent as they are.
      const unshown = editing
        ? {}
        : Object.fromEntries(
            Object.entries(def.addDefaults ?? {}).filter(
              ([name]) => def.fields.find((field) => field.name === name)?.form === false,
            ),
          );
      const body = fromFormValues(def.fields, { ...unshown, ...values });
      const payload = def.toBody ? def.toBody(body, editing) : body;
      let added: unknown;
      try {
        if (editing) await api.put(`${def.api}/edit`, { ...payload, [rowKey]: editing[rowKey] });
        else added = await api.post(`${def.api}/add`, payload);
      } catch (error) {
        // The form stays open with what the user typed; the server's reason is shown.
        message.error(errorText(error));
        return false;
      }
      message.success(editing ? tx(['编辑成功', 'Saved']) : tx(['添加成功', 'Added']));
      guard.reset();
      reload();
      if (!editing) def.onAdded?.(added);
      return true;
    },
  };
  const control = (field: ResourceField) => (
    <FormControl
      key={field.name}
      field={field}
      dicts={dicts}
      tx={tx}
      schema={def.schema}
      editing={Boolean(editing)}
      editingRow={editing}
      wide={field.wide || field.kind === 'textarea'}
    />
  );
  // Long forms are grouped under the declaration's titled sections (a heading across the grid).
  const formSections = sectionsOf(def.fields, (f) => f.form !== false).flatMap((section, i) => [
    section.title && section.fields.some((f) => f.form !== 'hidden') ? (
      <Col span={24} key={`section-${section.fields[0]?.name}`}>
        <Divider
          orientation="left"
          orientationMargin={0}
          style={{ marginTop: i === 0 ? 0 : 8 }}
          data-testid="form-section"
        >
          {tx(section.title)}
        </Divider>
      </Col>
    ) : null,
    ...section.fields.map(control),
  ]);
  const formControls = <UploadTrackerProvider value={uploads.track}>{formSections}</UploadTrackerProvider>;

  return (
    <Card variant="borderless" styles={{ body: { padding: 0 } }}>
      {def.header}
      <ProTable<Row>
        rowKey={rowKey}
        actionRef={actionRef}
        formRef={searchRef}
        columns={columns}
        headerTitle={title}
        cardBordered={false}
        scroll={{ x: Math.max(scrollX, 900) }}
        // No search box (a tree, or a list, e.g. an online form, that declares none): no empty search card.
        search={
          def.tree || !def.fields.some((field) => field.search)
            ? false
            : { labelWidth: 'auto', defaultCollapsed: true }
        }
        form={{
          name: `${formName}-search`,
          initialValues: urlValues,
          syncToUrl: false,
          // 查询 stays clickable while a page loads (the table shows its own spinner): a search started then is
          // answered, the newest request's rows win (useNewestAnswer). A loading button swallows the click.
          submitter: { submitButtonProps: { loading: false } },
        }}
        options={{ density: true, reload: true, setting: true, fullScreen: false }}
        rowSelection={
          enabled('delete') || (def.toolbar ?? []).some((a) => a.batch)
            ? {
                selectedRowKeys: selected.map((r) => String(r[rowKey])),
                onChange: (_k, rows) => setSelected(rows),
              }
            : undefined
        }
        tableAlertRender={false}
        pagination={
          def.tree
            ? false
            : {
                defaultPageSize: PAGE_SIZE,
                pageSizeOptions: [...PAGE_SIZE_OPTIONS],
                showQuickJumper: true,
                showSizeChanger: true,
                showTotal: pageTotalText(tx),
              }
        }
        toolBarRender={() => toolbar as React.ReactNode[]}
        request={async (params, sort) => {
          const effectiveSort =
            Object.values(sort).some(Boolean) || !def.defaultSort
              ? sort
              : {
                  [def.defaultSort.column]:
                    def.defaultSort.order === 'asc' ? ('ascend' as const) : ('descend' as const),
                };
          const query = toListQuery(params, effectiveSort, def.fixedQuery);
          lastQuery.current = query;
          def.onQuery?.(query);
          const page = await newestAnswer(
            api.get<Page<Row> | Row[]>(def.listPath ?? `${def.api}/list`, query),
          );
          const rows = Array.isArray(page) ? page : page.records;
          setShownRows(rows);
          return { data: rows, total: Array.isArray(page) ? page.length : page.total, success: true };
        }}
        data-testid="resource-table"
        {...def.tableProps}
      />
      {def.formIn === 'drawer' ? (
        <DrawerForm<Row>
          key={formKey}
          {...formProps}
          drawerProps={{ destroyOnHidden: true, maskClosable: false, onClose: guard.requestClose }}
        >
          {formControls}
        </DrawerForm>
      ) : (
        <ModalForm<Row>
          key={formKey}
          {...formProps}
          modalProps={{ destroyOnHidden: true, maskClosable: false, onCancel: guard.requestClose }}
        >
          {formControls}
        </ModalForm>
      )}
      <DetailDrawer def={def} row={detail} onClose={() => setDetail(null)} />
      {def.review && (
        <ReviewModal
          api={def.api}
          extra={def.reviewExtra}
          overridePerm={def.reviewOverride}
          row={reviewing}
          onClose={() => setReviewing(null)}
          onDone={() => {
            setReviewing(null);
            reload();
          }}
        />
      )}
    </Card>
  );
}
