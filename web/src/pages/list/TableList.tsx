// 列表示例 (/demo/list, menu component list/TableList, permission demo:list): a living reference of a query
// table made from a resource declaration. The carrier declaration of contracts gives the search form, the
// columns, the sort and the detail drawer; the sample only turns the writing buttons off and adds a note.
import { carrierResource } from '@freight/contracts';
import { pageOf, ResourceListPage, type ResourcePageDef } from '../../components/resource';
import { PageNote } from '../../components/resource/PageNote';

export const sampleListPage: ResourcePageDef = pageOf(carrierResource, {
  title: ['列表示例：承运人', 'List sample: carriers'],
  actions: { add: false, edit: false, delete: false, export: false, import: false, detail: true },
  importTemplate: undefined,
  header: (
    <PageNote
      data-testid="sample-list-note"
      text={[
        '查询表格示例：由承运人资源声明生成查询表单、列、排序与详情，页面只声明与之不同之处（此处关闭了新增、编辑、删除、导入与导出）。',
        'A query table from the carrier resource declaration: search form, columns, sort and detail come from it; the page only says what differs (here: no add, edit, delete, import or export).',
      ]}
    />
  ),
});

export default function TableList() {
  return <ResourceListPage def={sampleListPage} />;
}
