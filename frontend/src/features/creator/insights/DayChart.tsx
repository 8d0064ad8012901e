import { memo, useCallback, useMemo } from 'react';
import type uPlot from 'uplot';
import { TimeChart, type ThemedAxis } from '../../charts';

export interface DaySeries {
  label: string;
  values: number[];
  color: string;
}

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
  const data = useMemo(
    () => [days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000), ...series.map((s) => s.values)] as uPlot.AlignedData,
    [days, series],
  );
  const options = useCallback(
    (axis: ThemedAxis): Pick<uPlot.Options, 'scales' | 'axes' | 'series'> => ({
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(minTop, max)] } },
      axes: [
        {
          ...axis,
          values: (_u, ticks) =>
            ticks.map((t) => new Date(t * 1000).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })),
        },
        {
          ...axis,
          size: 64,
          values: (_u, ticks) => ticks.map((t) => (format ? format(t) : Number.isInteger(t) ? String(t) : '')),
        },
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
    }),
    [days, series, format, minTop],
  );
  return (
    <TimeChart
      title={title}
      label={`${title}: ${description}`}
      className="insights-chart"
      height={HEIGHT}
      data={data}
      options={options}
    />
  );
});
