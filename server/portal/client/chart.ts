/** A stacked bar chart of credits per day and service, drawn as SVG (no chart library to ship). */
import { fitted, h, number, svg } from './dom.ts';

export const SERVICE_COLORS: Record<string, string> = {
  detector: '#1f6feb', humanizer: '#8250df', detect_and_humanize: '#bf3989', grammar: '#1a7f37', plagiarism: '#bc4c00', image: '#0a7e8c', voice: '#6e7781',
};

/** The services as a person reads them (legend, tables). */
export const SERVICE_NAMES: Record<string, string> = {
  detector: 'AI text detection', humanizer: 'Humanizer', detect_and_humanize: 'Detect and humanize', grammar: 'Grammar', plagiarism: 'Plagiarism', image: 'Image detection', voice: 'Voice detection',
};

/**
 * Axis ticks at round values (steps of 1, 2 or 5 times a power of ten, whole numbers only) from 0
 * to the first tick at or above `max`; at least 0 and 1, so an empty chart still has a scale.
 */
export function niceTicks(max: number, count = 4): number[] {
  const rough = Math.max(max, 1) / count;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough)!);
  const top = Math.max(step, Math.ceil(max / step) * step);
  return Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
}

export function usageChart(days: string[], rows: { date: string; service: string; credits: number }[]): HTMLElement {
  const services = Object.keys(SERVICE_COLORS).filter((s) => rows.some((r) => r.service === s && r.credits > 0));
  const total = (d: string) => rows.filter((r) => r.date === d).reduce((sum, r) => sum + Math.max(0, r.credits), 0);
  const ticks = niceTicks(Math.max(0, ...days.map(total)));
  const legend = h('ul', { class: 'legend' }, ...services.map((s) => h('li', {}, h('span', { class: `swatch swatch-${s}`, 'aria-hidden': 'true' }), SERVICE_NAMES[s])));
  return h('figure', { class: 'card' }, fitted((width) => draw(days, rows, services, ticks, width)), legend, services.length ? null : h('figcaption', {}, 'No credits used in this period yet.'));
}

/** The chart at `width` CSS pixels. */
function draw(days: string[], rows: { date: string; service: string; credits: number }[], services: string[], ticks: number[], width: number): Element {
  const max = ticks.at(-1)!;
  const height = 220, left = 8 + 7 * number(max).length, bottom = 28, top = 10;
  const band = (width - left) / Math.max(1, days.length);
  const y = (v: number) => top + (height - top - bottom) * (1 - v / max);
  const chart = svg('svg', { viewBox: `0 0 ${width} ${height}`, width, height, role: 'img', 'aria-labelledby': 'chart-title', class: 'chart' }, svg('title', { id: 'chart-title' }, `Credits used per day in this billing period, by service; the scale goes to ${number(max)} credits.`));
  for (const tick of ticks) {
    chart.append(svg('line', { x1: left, x2: width, y1: y(tick), y2: y(tick), class: 'grid' }), svg('text', { x: left - 6, y: y(tick) + 4, 'text-anchor': 'end', class: 'axis' }, number(tick)));
  }
  // A date label (MM-DD, about 40 px) every few days, as many as fit.
  const every = Math.ceil(days.length / Math.max(1, Math.floor((width - left) / 44)));
  days.forEach((d, i) => {
    let base = 0;
    for (const s of services) {
      const v = Math.max(0, rows.find((r) => r.date === d && r.service === s)?.credits ?? 0);
      if (!v) continue;
      chart.append(svg('rect', { x: left + i * band + band * 0.15, width: band * 0.7, y: y(base + v), height: y(base) - y(base + v), fill: SERVICE_COLORS[s] }, svg('title', {}, `${d} ${SERVICE_NAMES[s]}: ${number(v)} credits`)));
      base += v;
    }
    const mid = left + i * band + band / 2;
    // A label is about 40 px wide: none that would be cut at the right edge.
    if (i % every === 0 && mid + 20 <= width) chart.append(svg('text', { x: mid, y: height - 8, 'text-anchor': 'middle', class: 'axis' }, d.slice(5)));
  });
  return chart;
}
