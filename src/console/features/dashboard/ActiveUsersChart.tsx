import { theme } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface DailyCount {
  date: string;
  count: number;
}

const HEIGHT = 260;

/** `#6139f6` with an opacity, for the area's gradient. */
const withAlpha = (hex: string, alpha: number) => {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match?.[1]) return hex;
  const value = Number.parseInt(match[1], 16);
  return `rgba(${value >> 16}, ${(value >> 8) & 255}, ${value & 255}, ${alpha})`;
};

/**
 * The daily active users of 30 days as an area chart, in the theme's colours (light or dark), drawn on a canvas by a
 * small time-series library; the legend under it names the day and the count the pointer is over.
 */
export const ActiveUsersChart = ({ data }: { data: DailyCount[] }) => {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const holder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = holder.current;
    // Without a 2D canvas (a browser that has none) the figure keeps its caption only.
    if (!element || !document.createElement('canvas').getContext('2d')) return;
    const day = new Intl.DateTimeFormat(i18n.language, { month: 'short', day: 'numeric', timeZone: 'UTC' });
    const dayName = (seconds: number) => day.format(new Date(seconds * 1000));
    const axis = {
      stroke: token.colorTextSecondary,
      font: `12px ${token.fontFamily}`,
      ticks: { stroke: token.colorBorderSecondary, width: 1 },
      grid: { stroke: token.colorBorderSecondary, width: 1 },
    };
    const plot = new uPlot(
      {
        width: element.clientWidth || 600,
        height: HEIGHT,
        scales: { x: { time: true }, y: { range: (_plot, _min, max) => [0, Math.max(1, max)] } },
        axes: [
          { ...axis, grid: { show: false }, values: (_plot, splits) => splits.map(dayName) },
          // Whole users only: no tick between two counts.
          { ...axis, size: 48, values: (_plot, splits) => splits.map((v) => (Number.isInteger(v) ? String(v) : '')) },
        ],
        series: [
          { label: t('dashboard.active.day'), value: (_plot, seconds) => (seconds == null ? '' : dayName(seconds)) },
          {
            label: t('dashboard.active.series'),
            stroke: token.colorPrimary,
            width: 2,
            fill: (plot) => {
              // Top to bottom of the canvas (the plot's box is not measured yet when the fill is first asked for).
              const gradient = plot.ctx.createLinearGradient(0, 0, 0, plot.ctx.canvas.height || HEIGHT);
              gradient.addColorStop(0, withAlpha(token.colorPrimary, 0.35));
              gradient.addColorStop(1, withAlpha(token.colorPrimary, 0));
              return gradient;
            },
          },
        ],
        cursor: { drag: { x: false, y: false } },
      },
      [data.map((point) => Date.parse(`${point.date}T00:00:00Z`) / 1000), data.map((point) => point.count)],
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [data, token, t, i18n.language]);

  return <div ref={holder} className="gh-chart-plot" />;
};
