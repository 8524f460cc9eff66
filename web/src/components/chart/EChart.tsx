// ECharts through echarts-for-react with the core build: only the charts and parts we use.

import type { EChartsOption } from 'echarts';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useReducedMotion } from '../../layouts/useMediaQuery';

echarts.use([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export default function EChart({
  option,
  height = 300,
  label,
}: {
  option: EChartsOption;
  height?: number;
  label: string;
}) {
  const reducedMotion = useReducedMotion();
  return (
    <div role="img" aria-label={label}>
      <ReactEChartsCore
        echarts={echarts}
        option={reducedMotion ? { ...option, animation: false } : option}
        style={{ height, width: '100%' }}
        notMerge
        lazyUpdate
      />
    </div>
  );
}
