import type { QueueSeriesPoint } from '@sparkhouse/contracts';
import { memo, useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useTheme } from '../../theme';

interface Series {
  label: string;
  values: (number | null)[];
  color: string;
}

const css = (name: string, fallback: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

/** One time-series chart (uPlot), sized to its box and redrawn when its data or the theme changes. */
function Chart({ title, points, series, unit }: { title: string; points: QueueSeriesPoint[]; series: Series[]; unit: string }) {
  const box = useRef<HTMLDivElement>(null);
  const theme = useTheme();
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const text = css('--color-text-muted', '#6b7280');
    const grid = css('--color-border', '#e5e7eb');
    const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid } };
    const plot = new uPlot(
      {
        width: Math.max(260, el.clientWidth),
        height: 180,
        legend: { show: true },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true } },
        axes: [axis, { ...axis, size: 72, values: (_u, ticks) => ticks.map((t) => `${t}${unit}`) }],
        series: [
          {},
          ...series.map((s) => ({ label: s.label, stroke: s.color, width: 2, spanGaps: true, points: { show: false } })),
        ],
      },
      [points.map((p) => Date.parse(p.at) / 1000), ...series.map((s) => s.values)] as uPlot.AlignedData,
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(260, el.clientWidth), height: 180 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [points, series, unit, theme]);
  return (
    <figure className="ops-chart">
      <figcaption>{title}</figcaption>
      <div ref={box} className="ops-chart__plot" role="img" aria-label={`${title}, per minute over the last hour`} />
    </figure>
  );
}

const ok = '#2F8370';
const bad = '#EB5757';
const p50 = '#5b6cff';
const p95 = '#d39b00';

/** The last hour, a point a minute: throughput, failures, wait time and run time (p50/p95). */
export default memo(function QueueCharts({ points }: { points: QueueSeriesPoint[] }) {
  return (
    <div className="ops-charts">
      <Chart
        title="Throughput"
        unit=""
        points={points}
        series={[
          { label: 'completed / min', values: points.map((p) => p.completed), color: ok },
          { label: 'failed / min', values: points.map((p) => p.failed), color: bad },
        ]}
      />
      <Chart
        title="Wait time"
        unit=" ms"
        points={points}
        series={[
          { label: 'p50', values: points.map((p) => p.waitP50Ms), color: p50 },
          { label: 'p95', values: points.map((p) => p.waitP95Ms), color: p95 },
        ]}
      />
      <Chart
        title="Run time"
        unit=" ms"
        points={points}
        series={[
          { label: 'p50', values: points.map((p) => p.runP50Ms), color: p50 },
          { label: 'p95', values: points.map((p) => p.runP95Ms), color: p95 },
        ]}
      />
      <Chart
        title="Failures"
        unit=""
        points={points}
        series={[{ label: 'failed / min', values: points.map((p) => p.failed), color: bad }]}
      />
    </div>
  );
});
