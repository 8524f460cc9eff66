// The generated list of an online form (issue 22, menu component "auto list", route
// `/online/cgformList/:code` where the code is the form's id): the stored definition arrives as a resource
// declaration (getColumns) and renders through the same list page as every hand-written declaration.
import type { CgformField, ResourceDecl } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Skeleton } from 'antd';
import { useMemo } from 'react';
import { matchPath, useLocation } from 'react-router';
import { pageOf } from '../../components/resource/pageOf';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { useBilingual } from '../../components/resource/text';
import { useCan } from '../../components/resource/useCan';
import { api, errorText } from '../../services/request';
import { runEnhancement } from './enhanceRunner';

interface Columns {
  code: string;
  tableName: string;
  tableTxt: string;
  decl: ResourceDecl;
  fields: CgformField[];
}

export function cgformCodeOf(pathname: string): string {
  const m = matchPath({ path: '/online/cgformList/:code', end: false }, pathname);
  return m?.params.code ? decodeURIComponent(m.params.code) : '';
}

/** Holders of the designer's edit code work with every form's data (the server allows them too). */
const DESIGN_CODE = 'online:cgform:edit';

interface CustomButton {
  buttonCode: string;
  buttonName: string;
  buttonNameEn: string | null;
  js: string | null;
  sql: boolean;
}

/**
 * The generated list of a form; `columnsUrl` gives another view of it (a copy's), which still reads and
 * writes through the form's own routes and codes.
 */
export function CgformView({ code, columnsUrl }: { code: string; columnsUrl?: string }) {
  const tx = useBilingual();
  const can = useCan();
  const { message } = App.useApp();
  const meta = useQuery({
    queryKey: ['cgform-columns', code, columnsUrl],
    queryFn: () =>
      api.get<Columns>(columnsUrl ?? `/online/cgform/api/getColumns/${encodeURIComponent(code)}`),
    enabled: !!code,
  });
  const formId = meta.data?.code;
  const buttons = useQuery({
    queryKey: ['cgform-buttons', formId],
    queryFn: () =>
      api.get<CustomButton[]>(`/online/cgform/enhance/buttons/${encodeURIComponent(formId ?? '')}`),
    enabled: !!formId,
  });
  const designer = can(DESIGN_CODE);
  const def = useMemo(() => {
    if (!meta.data) return null;
    const headId = meta.data.code;
    const editCode = designer ? DESIGN_CODE : `${meta.data.decl.permission}:edit`;
    // A custom button runs its JS in the sandbox (fields it sets are saved) and then its SQL, if any.
    const rowActions = (buttons.data ?? []).map((button) => ({
      key: `enhance-${button.buttonCode}`,
      label: [button.buttonName, button.buttonNameEn || button.buttonName] as [string, string],
      perm: editCode,
      run: async (row: Record<string, unknown>, helpers: { reload: () => void }) => {
        if (button.js) {
          const result = await runEnhancement({
            headId,
            buttonCode: button.buttonCode,
            code: button.js,
            row,
            onMessage: (text, level) => message[level === 'info' ? 'info' : level](text),
          });
          if (result.error) throw new Error(result.error);
          if (Object.keys(result.changed).length)
            await api.put(`${meta.data.decl.path}/edit`, { ...result.changed, id: row.id });
        }
        if (button.sql)
          await api.post(`/online/cgform/enhance/run/${headId}/${button.buttonCode}`, { id: row.id });
        helpers.reload();
      },
    }));
    return pageOf(meta.data.decl, {
      rowActions,
      buttonCodes: designer
        ? {
            add: DESIGN_CODE,
            edit: DESIGN_CODE,
            delete: DESIGN_CODE,
            batch_delete: DESIGN_CODE,
            export: DESIGN_CODE,
            import: DESIGN_CODE,
          }
        : { batch_delete: `${meta.data.decl.permission}:delete` },
    });
  }, [meta.data, designer, buttons.data, message]);
  if (!code) return <Alert type="error" showIcon message={tx(['缺少表单编码', 'No form code'])} />;
  if (meta.isError) return <Alert type="error" showIcon message={errorText(meta.error)} />;
  if (!def) return <Skeleton active />;
  return <ResourceListPage key={code} def={def} />;
}

export default function CgformAutoList() {
  const { pathname } = useLocation();
  return <CgformView code={cgformCodeOf(pathname)} />;
}
