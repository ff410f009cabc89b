import { type AnalyticsDay, SUCCESS_OUTCOME } from '@tanqin/shared';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../format.ts';
import { dayByBand, niceCeiling, OTHER_REFUSALS, outcomeBands } from './chart-data.ts';
import { ChartFrame } from './chart-frame.tsx';
import { formatDay } from './format-day.ts';
import { useOutcomeLabel } from './outcome-label.ts';

/** Admitted calls green, each named refusal its own colour, other refusals grey. */
const REFUSAL_COLOURS = ['#dc2626', '#d97706', '#7c3aed', '#0284c7'];
const bandColour = (band: string, index: number) =>
  band === SUCCESS_OUTCOME
    ? '#16a34a'
    : band === OTHER_REFUSALS
      ? '#64748b'
      : REFUSAL_COLOURS[(index - 1) % REFUSAL_COLOURS.length]!;

function Legend({ items }: { items: Array<{ label: string; colour: string; value?: string }> }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1.5 text-xs text-slate-700">
      {items.map((item) => (
        <li key={item.label} className="flex items-center gap-1.5">
          <svg aria-hidden width="10" height="10" className="shrink-0">
            <rect width="10" height="10" rx="2" fill={item.colour} />
          </svg>
          {item.label}
          {item.value ? <span className="text-slate-500">({item.value})</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** The figures of a chart as a table, for screen readers (the chart itself is one image). */
function DataTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: string[];
  rows: Array<{ key: string; cells: string[] }>;
}) {
  return (
    // The box is hidden, not the table: a table grows to its content whatever its own width.
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in order
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Calls per day, stacked by outcome: admitted at the bottom, refusals above by reason. */
export function RequestsChart({ series }: { series: AnalyticsDay[] }) {
  const { t } = useTranslation('requests');
  const outcomeLabel = useOutcomeLabel();
  const bands = outcomeBands(series);
  const perDay = series.map((day) => dayByBand(day, bands));
  const axisTop = niceCeiling(Math.max(0, ...series.map((day) => day.requests)));
  const bandTotals = bands.map((_, band) => perDay.reduce((sum, day) => sum + (day[band] ?? 0), 0));

  return (
    <figure className="min-w-0 space-y-3">
      <figcaption className="text-sm font-semibold text-slate-800">
        {t('analytics.requestsTitle')}
      </figcaption>
      <ChartFrame
        label={t('analytics.requestsTitle')}
        dayLabels={series.map((day) => formatDay(day.date))}
        axisTop={axisTop}
        formatValue={(value) => formatCount(Math.round(value))}
      >
        {({ slotStart, slotWidth, y, baseline }) =>
          series.map((day, index) => {
            const barWidth = Math.max(2, Math.min(28, slotWidth * 0.6));
            const x = slotStart(index) + (slotWidth - barWidth) / 2;
            let top = baseline;
            return (
              <g key={day.date}>
                <title>
                  {t('analytics.dayTooltip', {
                    date: formatDay(day.date),
                    requests: t('analytics.requestCount', {
                      count: day.requests,
                      formatted: formatCount(day.requests),
                    }),
                    refused: formatCount(day.requests - (day.outcomes[SUCCESS_OUTCOME] ?? 0)),
                  })}
                </title>
                {perDay[index]!.map((count, band) => {
                  if (count === 0) return null;
                  const height = Math.max(1, baseline - y(count));
                  top -= height;
                  return (
                    <rect
                      key={bands[band]}
                      x={x}
                      y={top}
                      width={barWidth}
                      height={height}
                      fill={bandColour(bands[band]!, band)}
                    />
                  );
                })}
              </g>
            );
          })
        }
      </ChartFrame>
      <Legend
        items={bands.map((band, index) => ({
          label: outcomeLabel(band),
          colour: bandColour(band, index),
          value: formatCount(bandTotals[index] ?? 0),
        }))}
      />
      <DataTable
        caption={t('analytics.requestsTitle')}
        columns={[t('analytics.day'), ...bands.map(outcomeLabel)]}
        rows={series.map((day, index) => ({
          key: day.date,
          cells: [formatDay(day.date), ...perDay[index]!.map((count) => formatCount(count))],
        }))}
      />
    </figure>
  );
}

const LINES = [
  { key: 'p50_ms', colour: '#0f766e' },
  { key: 'p99_ms', colour: '#d97706' },
] as const;

/** p50 and p99 processing time per day, as two lines (a day without calls leaves a gap). */
export function LatencyChart({ series }: { series: AnalyticsDay[] }) {
  const { t } = useTranslation('requests');
  const axisTop = niceCeiling(Math.max(0, ...series.map((day) => day.p99_ms ?? 0)));
  const ms = (value: number | null) =>
    value === null ? '—' : t('latencyMs', { value: formatCount(Math.round(value)) });

  return (
    <figure className="min-w-0 space-y-3">
      <figcaption className="text-sm font-semibold text-slate-800">
        {t('analytics.latencyTitle')}
      </figcaption>
      <ChartFrame
        label={t('analytics.latencyTitle')}
        dayLabels={series.map((day) => formatDay(day.date))}
        axisTop={axisTop}
        formatValue={(value) => formatCount(Math.round(value))}
      >
        {({ slotStart, slotWidth, y }) =>
          LINES.map(({ key, colour }) => {
            const points = series.map((day, index) => ({
              x: slotStart(index) + slotWidth / 2,
              value: day[key],
              date: day.date,
            }));
            // Consecutive days with calls are joined; a day without any breaks the line.
            const path = points
              .map((point, index) => {
                if (point.value === null) return '';
                const joined = index > 0 && points[index - 1]!.value !== null;
                return `${joined ? 'L' : 'M'}${point.x.toFixed(1)},${y(point.value).toFixed(1)}`;
              })
              .join('');
            return (
              <g key={key}>
                <path d={path} fill="none" stroke={colour} strokeWidth={2} />
                {points.map((point) =>
                  point.value === null ? null : (
                    <circle key={point.date} cx={point.x} cy={y(point.value)} r={3} fill={colour}>
                      <title>{`${formatDay(point.date)}: ${ms(point.value)}`}</title>
                    </circle>
                  ),
                )}
              </g>
            );
          })
        }
      </ChartFrame>
      <Legend
        items={LINES.map(({ key, colour }) => ({
          label: t(`analytics.${key}`),
          colour,
        }))}
      />
      <DataTable
        caption={t('analytics.latencyTitle')}
        columns={[t('analytics.day'), t('analytics.p50_ms'), t('analytics.p99_ms')]}
        rows={series.map((day) => ({
          key: day.date,
          cells: [formatDay(day.date), ms(day.p50_ms), ms(day.p99_ms)],
        }))}
      />
    </figure>
  );
}
