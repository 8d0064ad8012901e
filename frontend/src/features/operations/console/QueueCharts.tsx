import type { QueueSeriesPoint } from '@sparkhouse/contracts';
import { memo } from 'react';
import type uPlot from 'uplot';
import { TimeChart } from '../../charts';

const ok = '#2F8370';
const bad = '#EB5757';
const p50 = '#5b6cff';
const p95 = '#d39b00';

interface ChartSpec {
  title: string;
  unit: string;
  series: { label: string; value: (p: QueueSeriesPoint) => number | null; color: string }[];
}

const CHARTS: ChartSpec[] = [
  {
    title: 'Throughput',
    unit: '',
    series: [
      { label: 'completed / min', value: (p) => p.completed, color: ok },
      { label: 'failed / min', value: (p) => p.failed, color: bad },
    ],
  },
  {
    title: 'Wait time',
    unit: ' ms',
    series: [
      { label: 'p50', value: (p) => p.waitP50Ms, color: p50 },
      { label: 'p95', value: (p) => p.waitP95Ms, color: p95 },
    ],
  },
  {
    title: 'Run time',
    unit: ' ms',
    series: [
      { label: 'p50', value: (p) => p.runP50Ms, color: p50 },
      { label: 'p95', value: (p) => p.runP95Ms, color: p95 },
    ],
  },
  { title: 'Failures', unit: '', series: [{ label: 'failed / min', value: (p) => p.failed, color: bad }] },
];

/** The last hour, a point a minute: throughput, failures, wait time and run time (p50/p95). */
export default memo(function QueueCharts({ points }: { points: QueueSeriesPoint[] }) {
  const times = points.map((p) => Date.parse(p.at) / 1000);
  return (
    <div className="ops-charts">
      {CHARTS.map(({ title, unit, series }) => (
        <TimeChart
          key={title}
          title={title}
          label={`${title}, per minute over the last hour`}
          className="ops-chart"
          height={180}
          data={[times, ...series.map((s) => points.map(s.value))] as uPlot.AlignedData}
          options={(axis) => ({
            scales: { x: { time: true } },
            axes: [axis, { ...axis, size: 72, values: (_u, ticks) => ticks.map((t) => `${t}${unit}`) }],
            series: [
              {},
              ...series.map((s) => ({ label: s.label, stroke: s.color, width: 2, spanGaps: true, points: { show: false } })),
            ],
          })}
        />
      ))}
    </div>
  );
});
