import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useTheme } from '../theme';

const css = (name: string, fallback: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

/** An axis in the theme's colours: muted labels, a thin grid. */
export type ThemedAxis = { stroke: string; grid: { stroke: string; width: number }; ticks: { stroke: string } };

/**
 * A time-series chart (uPlot) in a figure: sized to its box, redrawn when its data, its options or the
 * theme change. `options` gets the themed axis to build its axes on; a screen reader gets `label`.
 * Pass `data` and `options` made once per change of what they show (a memoized parent), not per render.
 */
export function TimeChart({
  title,
  label,
  className,
  height,
  data,
  options,
}: {
  title: string;
  label: string;
  /** The figure's class; its plot's is `${className}__plot`. */
  className: string;
  height: number;
  data: uPlot.AlignedData;
  options: (axis: ThemedAxis) => Pick<uPlot.Options, 'scales' | 'axes' | 'series'>;
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
        height,
        legend: { show: true },
        cursor: { drag: { x: false, y: false } },
        ...options(axis),
      },
      data,
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(260, el.clientWidth), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [data, options, height, theme]);
  return (
    <figure className={className}>
      <figcaption>{title}</figcaption>
      <div ref={box} className={`${className}__plot`} role="img" aria-label={label} />
    </figure>
  );
}
