// A chart card's body: a skeleton of the chart's height while its data loads, an empty note when there is
// none, else the chart from the lazy ECharts chunk. The option is made from the data once it is there.

import { Empty, Skeleton } from 'antd';
import type { EChartsOption } from 'echarts';
import { lazy, Suspense } from 'react';
import { withChunkTimeout } from '../../app/chunkLoad';

const EChart = lazy(() => withChunkTimeout(import('./EChart')));

interface Props<T> {
  loading: boolean;
  /** The chart's data; none means the empty note. */
  data: T | null | undefined;
  height: number;
  label: string;
  option: (data: T) => EChartsOption;
}

export function ChartPanel<T>({ loading, data, height, label, option }: Props<T>) {
  const skeleton = <Skeleton.Node active style={{ width: '100%', height }} />;
  if (loading) return skeleton;
  if (!data) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Suspense fallback={skeleton}>
      <EChart height={height} label={label} option={option(data)} />
    </Suspense>
  );
}
