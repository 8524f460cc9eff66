// The large screens' frame: a 1920×1080 stage scaled (CSS transform) to fit the window, centred, dark, over
// the whole console; a clock, the refresh time and a way back.
import { FullscreenExitOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { type HTMLAttributes, lazy, type ReactNode, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { withChunkTimeout } from '../../../app/chunkLoad';
import { useBilingual } from '../../../components/resource/text';
import type { Bilingual } from '../../../components/resource/types';
import { errorText } from '../../../services/request';

/** The screens' charts, loaded with the first chart shown. */
export const ScreenChart = lazy(() => withChunkTimeout(import('../../../components/chart/EChart')));

export const STAGE_WIDTH = 1920;
export const STAGE_HEIGHT = 1080;

function fit() {
  const scale = Math.min(window.innerWidth / STAGE_WIDTH, window.innerHeight / STAGE_HEIGHT);
  return {
    scale,
    left: Math.max(0, (window.innerWidth - STAGE_WIDTH * scale) / 2),
    top: Math.max(0, (window.innerHeight - STAGE_HEIGHT * scale) / 2),
  };
}

function useClock(): string {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  // China time, as every figure of the screens.
  return now.toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai', hour12: false });
}

export function ScreenFrame({
  title,
  testId,
  status,
  children,
}: {
  title: string;
  testId: string;
  /** Refresh time, loading or error line under the title. */
  status?: ReactNode;
  children: ReactNode;
}) {
  const tx = useBilingual();
  const navigate = useNavigate();
  const [box, setBox] = useState(fit);
  const clock = useClock();
  useEffect(() => {
    const onResize = () => setBox(fit());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return (
    <div className="screen-root" data-testid={testId}>
      <div
        className="screen-stage"
        style={{ transform: `scale(${box.scale})`, left: box.left, top: box.top }}
        data-scale={box.scale.toFixed(3)}
      >
        <header className="screen-header">
          <div className="screen-clock">{clock}</div>
          <h1 className="screen-title">{title}</h1>
          <div className="screen-status">
            {status}
            <button
              type="button"
              className="screen-exit"
              onClick={() => navigate('/dashboard/analysis')}
              aria-label={tx(['退出大屏', 'Leave the screen'])}
              title={tx(['退出大屏', 'Leave the screen'])}
            >
              <FullscreenExitOutlined />
            </button>
          </div>
        </header>
        <div className="screen-body">{children}</div>
      </div>
    </div>
  );
}

export function ScreenPanel({
  title,
  children,
  className,
  testId,
}: {
  title: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <section className={`screen-panel ${className ?? ''}`} data-testid={testId}>
      <h2 className="screen-panel-title">{title}</h2>
      <div className="screen-panel-body">{children}</div>
    </section>
  );
}

export function ScreenFigure({ label, value, unit }: { label: string; value: ReactNode; unit?: string }) {
  return (
    <div className="screen-figure">
      <div className="screen-figure-label">{label}</div>
      <div className="screen-figure-value">
        {value}
        {unit ? <span className="screen-figure-unit">{unit}</span> : null}
      </div>
    </div>
  );
}

export interface Figure {
  label: Bilingual;
  /** Not loaded yet: shown as '--'. */
  value: ReactNode;
  unit?: string;
}

/** A row (or grid) of figures. */
export function ScreenFigures({ figures, ...box }: { figures: Figure[] } & HTMLAttributes<HTMLDivElement>) {
  const tx = useBilingual();
  return (
    <div {...box}>
      {figures.map((figure) => (
        <ScreenFigure
          key={tx(figure.label)}
          label={tx(figure.label)}
          value={figure.value ?? '--'}
          unit={figure.unit}
        />
      ))}
    </div>
  );
}

/** A numbered list of a name and its figure per line (top routes, the month's fees). */
export function ScreenRanking({ rows }: { rows: Array<{ key: string; name: ReactNode; value: ReactNode }> }) {
  return (
    <ol className="screen-list">
      {rows.map((row, i) => (
        <li key={row.key}>
          <b className="screen-list-rank">{i + 1}</b>
          <span>{row.name}</span>
          <span>{row.value}</span>
        </li>
      ))}
    </ol>
  );
}

/** The index of the panel shown, advancing every `ms`. */
export function useRotation(count: number, ms: number): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (count < 2) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), ms);
    return () => window.clearInterval(timer);
  }, [count, ms]);
  return index % Math.max(1, count);
}

/** Dark axis styling for the screens' charts. */
export const DARK_AXIS = {
  axisLine: { lineStyle: { color: '#3a5a8c' } },
  axisLabel: { color: '#9fb7d9' },
  splitLine: { lineStyle: { color: 'rgba(58,90,140,0.35)' } },
} as const;

/** The frame's status line: the failure, the time of the figures shown, or that they are loading. */
export function ScreenStatus({ figures }: { figures: UseQueryResult<{ refreshedAt: string }> }) {
  const tx = useBilingual();
  const error = figures.isError ? figures.error : null;
  const refreshedAt = figures.data?.refreshedAt;
  if (error)
    return (
      <span style={{ color: '#ff7875' }} data-testid="screen-error">
        {tx(['加载失败：', 'Failed: '])}
        {errorText(error)}
      </span>
    );
  if (refreshedAt)
    return (
      <span data-testid="screen-refreshed">
        {tx(['每30秒刷新 · ', 'Every 30 s · '])}
        {refreshedAt.slice(11)}
      </span>
    );
  return <>{tx(['加载中…', 'Loading…'])}</>;
}

/** A panel's body while its figures load. */
export function ScreenLoading() {
  const tx = useBilingual();
  return <div className="screen-empty">{tx(['加载中…', 'Loading…'])}</div>;
}

/** The title of a panel that rotates between two views: the view's title and a dot per view. */
export function RotatingTitle({ rotation, titles }: { rotation: number; titles: readonly [string, string] }) {
  return (
    <>
      <span>{titles[rotation]}</span>
      <span className="screen-dots">
        <i className={rotation === 0 ? 'on' : ''} />
        <i className={rotation === 1 ? 'on' : ''} />
      </span>
    </>
  );
}
