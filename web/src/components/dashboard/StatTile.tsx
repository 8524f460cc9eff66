// A figure of a dashboard that opens its list when clicked (a pending count, a queue's waiting jobs).
import { Statistic, type StatisticProps } from 'antd';
import type { CSSProperties } from 'react';

interface Props extends Omit<StatisticProps, 'className' | 'style'> {
  onOpen: () => void;
  /** The tile's look: a framed tile, or a bare link inside a larger tile. */
  look?: 'pending-tile' | 'link-tile';
  disabled?: boolean;
  style?: CSSProperties;
  'data-testid'?: string;
}

export function StatTile({
  onOpen,
  look = 'pending-tile',
  disabled,
  style,
  'data-testid': testId,
  ...figure
}: Props) {
  return (
    <button
      type="button"
      className={look}
      disabled={disabled}
      onClick={onOpen}
      style={style}
      data-testid={testId}
    >
      <Statistic {...figure} />
    </button>
  );
}
