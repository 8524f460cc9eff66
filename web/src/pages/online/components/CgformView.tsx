// The generated list of an online form, shared by the auto list and the copy list.
import { ResourceListPage } from '../../../components/resource/ResourceListPage';
import { CgformScreen, withSubRows } from './cgformParts';

/**
 * The generated list of a form; `columnsUrl` gives another view of it (a copy's). A main form listed plainly
 * still saves its sub rows with it.
 */
export function CgformView({ code, columnsUrl }: { code: string; columnsUrl?: string }) {
  return (
    <CgformScreen
      code={code}
      columnsUrl={columnsUrl}
      build={({ def, columns }) => <ResourceListPage key={code} def={withSubRows(def, columns)} />}
    />
  );
}
