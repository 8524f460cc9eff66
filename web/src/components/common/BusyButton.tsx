// A button whose work takes a while (an export, a download): busy meanwhile, a failure in the server's words.
import { Button, type ButtonProps } from 'antd';
import { useBusyAction } from './useBusyAction';

export function BusyButton({
  run,
  ...button
}: Omit<ButtonProps, 'onClick' | 'loading'> & { run: () => Promise<unknown> }) {
  const busy = useBusyAction();
  return <Button {...button} loading={busy.busy} onClick={() => void busy.run(run)} />;
}
