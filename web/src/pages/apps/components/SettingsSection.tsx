// The title of a group of settings in a settings form.
import { Divider } from 'antd';
import { useBilingual } from '../../../components/resource/text';
import type { Bilingual } from '../../../components/resource/types';

export function SettingsSection({ title }: { title: Bilingual }) {
  const tx = useBilingual();
  return (
    <Divider orientation="left" plain>
      {tx(title)}
    </Divider>
  );
}
