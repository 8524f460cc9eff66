// The generated list of an online form (issue 22, menu component "auto list", route
// `/online/cgformList/:code` where the code is the form's id): the stored definition arrives as a resource
// declaration (getColumns) and renders through the same list page as every hand-written declaration.
import type { CgformField, ResourceDecl } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Skeleton } from 'antd';
import { useMemo } from 'react';
import { matchPath, useLocation } from 'react-router';
import { pageOf } from '../../components/resource/pageOf';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { useBilingual } from '../../components/resource/text';
import { useCan } from '../../components/resource/useCan';
import { api, errorText } from '../../services/request';

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

export function CgformView({ code }: { code: string }) {
  const tx = useBilingual();
  const can = useCan();
  const meta = useQuery({
    queryKey: ['cgform-columns', code],
    queryFn: () => api.get<Columns>(`/online/cgform/api/getColumns/${encodeURIComponent(code)}`),
    enabled: !!code,
  });
  const designer = can(DESIGN_CODE);
  const def = useMemo(() => {
    if (!meta.data) return null;
    return pageOf(meta.data.decl, {
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
  }, [meta.data, designer]);
  if (!code) return <Alert type="error" showIcon message={tx(['缺少表单编码', 'No form code'])} />;
  if (meta.isError) return <Alert type="error" showIcon message={errorText(meta.error)} />;
  if (!def) return <Skeleton active />;
  return <ResourceListPage key={code} def={def} />;
}

export default function CgformAutoList() {
  const { pathname } = useLocation();
  return <CgformView code={cgformCodeOf(pathname)} />;
}
