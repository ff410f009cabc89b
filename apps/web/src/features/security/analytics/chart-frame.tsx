import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const HEIGHT = 180;
const PAD = { top: 10, bottom: 24, axis: 44, end: 8 } as const;
const FALLBACK_WIDTH = 640;
/** Room a day's label needs ("24 نوفمبر"), in pixels. */
const LABEL_WIDTH = 60;

/** Where the drawing goes: a slot per day (mirrored in right-to-left pages) and the value axis. */
export interface ChartGeometry {
  /** The start edge of a day's slot, in drawing units (pixels). */
  slotStart: (index: number) => number;
  slotWidth: number;
  /** The vertical position of a value between 0 and the axis top. */
  y: (value: number) => number;
  baseline: number;
}

/** The drawing's width in pixels, so text keeps its size on a phone (no viewBox scaling). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(240, Math.round(entry.contentRect.width)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/**
 * A plain SVG chart's frame: three value lines with their labels on the reading start side,
 * day labels underneath (as many as fit), and the drawing from `children`. Time
 * runs in the reading direction: right to left in Arabic.
 */
export function ChartFrame({
  label,
  dayLabels,
  axisTop,
  formatValue,
  children,
}: {
  /** What the chart shows, for screen readers (the data is also in a table beside it). */
  label: string;
  dayLabels: string[];
  axisTop: number;
  formatValue: (value: number) => string;
  children: (geometry: ChartGeometry) => ReactNode;
}) {
  const { i18n } = useTranslation();
  const isRtl = i18n.dir() === 'rtl';
  const { ref, width } = useWidth();
  const plotWidth = width - PAD.axis - PAD.end;
  const slotWidth = plotWidth / Math.max(1, dayLabels.length);
  const plotStart = isRtl ? PAD.end : PAD.axis;
  const baseline = HEIGHT - PAD.bottom;
  const geometry: ChartGeometry = {
    slotWidth,
    slotStart: (index) =>
      isRtl ? plotStart + plotWidth - (index + 1) * slotWidth : plotStart + index * slotWidth,
    y: (value) => baseline - (Math.min(value, axisTop) / axisTop) * (baseline - PAD.top),
    baseline,
  };
  const axisX = isRtl ? width - 4 : PAD.axis - 6;
  // As many day labels as fit side by side, always the newest day's.
  const last = dayLabels.length - 1;
  const every = Math.max(1, Math.ceil((LABEL_WIDTH * dayLabels.length) / plotWidth));
  const showsLabel = (index: number) =>
    index === last || (index % every === 0 && last - index >= every);

  return (
    // overflow-hidden: the drawing never widens its box; the box sets the drawing's width.
    <div ref={ref} className="w-full min-w-0 overflow-hidden">
      <svg
        role="img"
        aria-label={label}
        width={width}
        height={HEIGHT}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        className="block max-w-full overflow-visible text-slate-500"
      >
        {[0, 0.5, 1].map((share) => {
          const y = geometry.y(axisTop * share);
          return (
            <g key={share}>
              <line
                x1={plotStart}
                x2={plotStart + plotWidth}
                y1={y}
                y2={y}
                stroke="#e2e8f0"
                strokeDasharray={share === 0 ? undefined : '3 3'}
              />
              <text
                x={axisX}
                y={y}
                dy="0.32em"
                textAnchor="end"
                direction="ltr"
                fontSize={11}
                fill="currentColor"
              >
                {formatValue(axisTop * share)}
              </text>
            </g>
          );
        })}
        {children(geometry)}
        {dayLabels.map((day, index) =>
          showsLabel(index) ? (
            <text
              key={day}
              x={geometry.slotStart(index) + slotWidth / 2}
              y={HEIGHT - 6}
              textAnchor="middle"
              fontSize={11}
              fill="currentColor"
            >
              {day}
            </text>
          ) : null,
        )}
      </svg>
    </div>
  );
}
