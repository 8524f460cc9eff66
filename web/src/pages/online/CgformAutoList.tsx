// The generated list of an online form (menu component "auto list", route `/online/cgformList/:code` where
// the code is the form's id): the stored definition arrives as a resource declaration (getColumns) and
// renders through the same list page as every hand-written declaration.
import { CgformView } from './components/CgformView';
import { useCgformCode } from './components/cgformParts';

export default function CgformAutoList() {
  return <CgformView code={useCgformCode()} />;
}
