// The small icon-only button in a card's corner that loads the card's figures again; its label is for screen
// readers, as the icon shows no text.
import { ReloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';

export function ReloadIconButton({ label, onClick }: { label: string; onClick: () => void }) {
  return <Button type="text" size="small" icon={<ReloadOutlined />} aria-label={label} onClick={onClick} />;
}
