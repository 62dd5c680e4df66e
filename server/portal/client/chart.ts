/** A stacked bar chart of credits per day and service, drawn as SVG (no chart library to ship). */
import { h, number, svg } from './dom.ts';

export const SERVICE_COLORS: Record<string, string> = {
  detector: '#1f6feb', humanizer: '#8250df', detect_and_humanize: '#bf3989', grammar: '#1a7f37', plagiarism: '#bc4c00', image: '#0a7e8c', voice: '#6e7781',
};

export function usageChart(days: string[], rows: { date: string; service: string; credits: number }[]): HTMLElement {
  const services = Object.keys(SERVICE_COLORS).filter((s) => rows.some((r) => r.service === s && r.credits > 0));
  const total = (d: string) => rows.filter((r) => r.date === d).reduce((sum, r) => sum + Math.max(0, r.credits), 0);
  const max = Math.max(1, ...days.map(total));
  const width = 720, height = 220, left = 56, bottom = 28, top = 10;
  const band = (width - left) / Math.max(1, days.length);
  const y = (v: number) => top + (height - top - bottom) * (1 - v / max);
  const chart = svg('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-labelledby': 'chart-title', class: 'chart' }, svg('title', { id: 'chart-title' }, `Credits used per day in this billing period, by service; at most ${number(max)} in a day.`));
  for (const tick of [0, 0.5, 1]) {
    chart.append(svg('line', { x1: left, x2: width, y1: y(max * tick), y2: y(max * tick), class: 'grid' }), svg('text', { x: left - 6, y: y(max * tick) + 4, 'text-anchor': 'end', class: 'axis' }, number(Math.round(max * tick))));
  }
  days.forEach((d, i) => {
    let base = 0;
    for (const s of services) {
      const v = Math.max(0, rows.find((r) => r.date === d && r.service === s)?.credits ?? 0);
      if (!v) continue;
      chart.append(svg('rect', { x: left + i * band + band * 0.15, width: band * 0.7, y: y(base + v), height: y(base) - y(base + v), fill: SERVICE_COLORS[s] }, svg('title', {}, `${d} ${s}: ${number(v)} credits`)));
      base += v;
    }
    if (i % Math.ceil(days.length / 10) === 0) chart.append(svg('text', { x: left + i * band + band / 2, y: height - 8, 'text-anchor': 'middle', class: 'axis' }, d.slice(5)));
  });
  const legend = h('ul', { class: 'legend' }, ...services.map((s) => h('li', {}, h('span', { class: `swatch swatch-${s}`, 'aria-hidden': 'true' }), s)));
  return h('figure', { class: 'card' }, chart, legend, services.length ? null : h('figcaption', {}, 'No credits used in this period yet.'));
}
