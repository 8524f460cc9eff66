import { CloseCircleFilled, WarningFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';

/**
 * A Result-style panel without antd Result (whose illustrations would weigh on the first bundle).
 * Used by the error boundaries that live in the entry chunk.
 */
export function StatusPanel(props: {
  status: 'warning' | 'error';
  title: string;
  subTitle?: ReactNode;
  extra?: ReactNode;
}) {
  const Icon = props.status === 'warning' ? WarningFilled : CloseCircleFilled;
  return (
    <div className={`status-panel status-panel-${props.status}`} role="alert">
      <Icon className="status-panel-icon" />
      <div className="status-panel-title">{props.title}</div>
      {props.subTitle ? <div className="status-panel-subtitle">{props.subTitle}</div> : null}
      {props.extra ? <div className="status-panel-extra">{props.extra}</div> : null}
    </div>
  );
}
