import { Spin } from 'antd';

export function FullPageSpin({ tip }: { tip?: string }) {
  return (
    <div className="full-page-spin" role="status" aria-live="polite">
      <Spin size="large" />
      {tip ? <div className="full-page-spin-tip">{tip}</div> : null}
    </div>
  );
}
