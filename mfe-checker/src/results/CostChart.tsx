/**
 * Cost per year, today and with Copytech: two stacked horizontal bars (equipment, print service,
 * other charges), hand-written SVG. Bars are sized in percentages and the text is not scaled, so
 * it reads the same on a phone and a desktop. role="img" with a title and a description that
 * gives every figure; the figures table beside it is the full text alternative.
 */
import { useId } from 'react';
import type { SavingsResult } from '@copytech/shared/domain';
import { formatWholePounds } from '../checker/format';
import styles from './CostChart.module.css';

type PartKey = 'equipment' | 'printService' | 'otherCharges';

const PART_LABELS: Record<'current' | 'copytech', Record<PartKey, string>> = {
  current: { equipment: 'Equipment', printService: 'Print service today', otherCharges: 'Other charges' },
  copytech: { equipment: 'Equipment', printService: "Copytech's prices per page", otherCharges: 'Other charges' },
};
const PART_CLASSES: Record<'current' | 'copytech', Record<PartKey, string>> = {
  current: { equipment: styles.equipment!, printService: styles.serviceToday!, otherCharges: styles.other! },
  copytech: { equipment: styles.equipment!, printService: styles.serviceCopytech!, otherCharges: styles.other! },
};
const PARTS: PartKey[] = ['equipment', 'printService', 'otherCharges'];

/** A round scale end at or above the value (1, 2, 2.5, 3, 4, 5, 6 or 8 times a power of ten), so quarter ticks read well. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 3, 4, 5, 6, 8, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

function percent(value: number, max: number): number {
  return Math.max(0, Math.min(100, (value / max) * 100));
}

type Side = { key: 'current' | 'copytech'; label: string; figures: SavingsResult['current'] };

const ROW_HEIGHT = 68;
const BAR_HEIGHT = 30;

/** The chart's text alternative: each side's cost per year and its parts, in words. */
function describe(sides: Side[]): string {
  return sides
    .map(({ label, key, figures }) => {
      const parts = PARTS.filter((part) => figures.partsPerMonth[part] > 0)
        .map((part) => `${PART_LABELS[key][part].toLowerCase()} ${formatWholePounds(figures.partsPerMonth[part] * 12)}`)
        .join(', ');
      return `${label}: ${formatWholePounds(figures.perYear)} a year${parts ? ` (${parts})` : ''}.`;
    })
    .join(' ');
}

/** The key's entries: the parts shown, each once. */
function legendOf(sides: Side[]): Map<string, { className: string; label: string }> {
  const legend = new Map<string, { className: string; label: string }>();
  for (const { key, figures } of sides) {
    for (const part of PARTS) {
      // Equipment and other charges are the same on both sides: one key entry each.
      const legendKey = part === 'printService' ? `${key}-${part}` : part;
      if (figures.partsPerMonth[part] > 0) legend.set(legendKey, { className: PART_CLASSES[key][part], label: PART_LABELS[key][part] });
    }
  }
  return legend;
}

export function CostChart({ result }: { result: SavingsResult }) {
  const id = useId();
  const sides: Side[] = [
    { key: 'current', label: 'Today', figures: result.current },
    { key: 'copytech', label: 'With Copytech', figures: result.copytech },
  ];
  const max = niceMax(Math.max(result.current.perYear, result.copytech.perYear));
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((fraction) => fraction * max);
  const height = sides.length * ROW_HEIGHT + 28;
  const legend = legendOf(sides);

  return (
    <figure className={styles.figure}>
      <figcaption className={styles.caption} id={`${id}-caption`}>
        Cost per year, excluding VAT
      </figcaption>
      <svg className={styles.chart} width="100%" height={height} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
        <title id={`${id}-title`}>Cost per year today and with Copytech</title>
        <desc id={`${id}-desc`}>{describe(sides)}</desc>
        {ticks.map((tick) => (
          <g key={tick} aria-hidden="true">
            <line className={styles.grid} x1={`${percent(tick, max)}%`} x2={`${percent(tick, max)}%`} y1={20} y2={height - 24} />
          </g>
        ))}
        {sides.map((side, row) => (
          <SideBar key={side.key} side={side} top={row * ROW_HEIGHT} max={max} />
        ))}
        {ticks.map((tick, index) => (
          <text
            key={`label-${tick}`}
            className={styles.tick}
            x={`${percent(tick, max)}%`}
            y={height - 6}
            textAnchor={index === 0 ? 'start' : index === ticks.length - 1 ? 'end' : 'middle'}
            aria-hidden="true"
          >
            {formatWholePounds(tick)}
          </text>
        ))}
      </svg>
      <ul className={styles.legend} aria-label="Key">
        {[...legend.entries()].map(([key, entry]) => (
          <li key={key}>
            <span className={`${styles.swatch} ${entry.className}`} aria-hidden="true" />
            {entry.label}
          </li>
        ))}
      </ul>
    </figure>
  );
}

/** One side's row: its label and cost per year over a bar of its parts, end to end. */
function SideBar({ side: { key, label, figures }, top, max }: { side: Side; top: number; max: number }) {
  let start = 0;
  return (
    <g data-side={key}>
      <text className={styles.rowLabel} x="0" y={top + 16}>
        {label}
      </text>
      <text className={styles.rowValue} x="100%" y={top + 16} textAnchor="end">
        {formatWholePounds(figures.perYear)} a year
      </text>
      <rect className={styles.track} x="0" y={top + 24} width="100%" height={BAR_HEIGHT} rx="4" />
      {PARTS.map((part) => {
        const value = figures.partsPerMonth[part] * 12;
        if (value <= 0) return null;
        const x = percent(start, max);
        const width = percent(value, max);
        start += value;
        return (
          <rect
            key={part}
            className={PART_CLASSES[key][part]}
            x={`${x}%`}
            y={top + 24}
            width={`${Math.min(width, 100 - x)}%`}
            height={BAR_HEIGHT}
            data-part={part}
          >
            <title>{`${PART_LABELS[key][part]}: ${formatWholePounds(value)} a year`}</title>
          </rect>
        );
      })}
    </g>
  );
}
