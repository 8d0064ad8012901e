import { memo, useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useTheme } from '../../theme';

export interface DaySeries {
  label: string;
  values: number[];
  color: string;
}

const css = (name: string, fallback: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

const HEIGHT = 200;

/**
 * Daily series drawn with uPlot (the operations console's charting library): sized to its box, redrawn
 * when its data or the theme changes. A screen reader gets the summary in `description`.
 */
export const DayChart = memo(function DayChart({
  title,
  description,
  days,
  series,
  format,
  minTop = 1,
}: {
  title: string;
  description: string;
  days: string[];
  series: DaySeries[];
  /** How a value reads (default: whole numbers only, as counts). */
  format?: (v: number) => string;
  /** The y axis goes at least this high (1 for counts; 100 cents for money, so an empty chart reads $0–$1). */
  minTop?: number;
}) {
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
        height: HEIGHT,
        legend: { show: true },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(minTop, max)] } },
        axes: [
          { ...axis, values: (_u, ticks) => ticks.map((t) => new Date(t * 1000).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })) },
          { ...axis, size: 64, values: (_u, ticks) => ticks.map((t) => (format ? format(t) : Number.isInteger(t) ? String(t) : '')) },
        ],
        series: [
          { label: 'Day', value: (_u, t) => (t == null ? '' : new Date(t * 1000).toISOString().slice(0, 10)) },
          ...series.map((s) => ({
            label: s.label,
            stroke: s.color,
            width: 2,
            points: { show: days.length <= 31, size: 5 },
            value: (_u: uPlot, v: number | null) => (v == null ? '' : format ? format(v) : String(v)),
          })),
        ],
      },
      [days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000), ...series.map((s) => s.values)] as uPlot.AlignedData,
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(260, el.clientWidth), height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, series, theme, format, minTop]);
  return (
    <figure className="insights-chart">
      <figcaption>{title}</figcaption>
      <div ref={box} className="insights-chart__plot" role="img" aria-label={`${title}: ${description}`} />
    </figure>
  );
});
