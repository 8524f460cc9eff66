// The explaining note above a list page's table (what the page does, what cannot be undone).
import { Alert } from 'antd';
import { useBilingual } from './text';
import type { Bilingual } from './types';

export function PageNote({ text, 'data-testid': testId }: { text: Bilingual; 'data-testid'?: string }) {
  const tx = useBilingual();
  return <Alert data-testid={testId} type="info" showIcon style={{ marginBottom: 12 }} message={tx(text)} />;
}
