// The generated list of an online form (menu component "auto list", route `/online/cgformList/:code` where
// the code is the form's id): the stored definition arrives as a resource declaration (getColumns) and
// renders through the same list page as every hand-written declaration.
import { useLocation } from 'react-router';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { CgformScreen, cgformCodeOf, withSubRows } from './components/cgformParts';

export { cgformCodeOf };

export function CgformView({ code }: { code: string }) {
  // A main form listed plainly still saves its sub rows with it.
  return (
    <CgformScreen
      code={code}
      build={(def, columns) => <ResourceListPage key={code} def={withSubRows(def, columns)} />}
    />
  );
}

export default function CgformAutoList() {
  const { pathname } = useLocation();
  return <CgformView code={cgformCodeOf(pathname)} />;
}
