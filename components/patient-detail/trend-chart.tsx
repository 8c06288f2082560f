import { useTranslations } from "next-intl";
import { useState } from "react";
import { useFormat } from "@/components/i18n/use-format";
import type { VisitResponse } from "@/lib/schemas/visits";
import { visitMeasures } from "@/components/visits/visit-measures";
import { useUnitsPerPixel } from "./use-units-per-pixel";

/**
 * PASI and DLQI over the patient's visits: a small inline SVG line chart (no charting library:
 * zero bundle cost). The SVG is decorative for screen readers; the same figures are in a table
 * right below it (visually hidden), which is the chart's text alternative.
 *
 * The x axis is time: visits are placed by their date, not by their number (decision 0024), so a
 * visit numbered out of date order is drawn where it happened, never as the latest point.
 */
const WIDTH = 640;
const HEIGHT = 220;
const PAD = { left: 36, right: 12, top: 12, bottom: 28 };
/** The axis labels' size on screen, at every width (a phone shrinks the drawing, not them). */
const LABEL_PX = 11;
const SERIES = [
  { key: "pasi", label: "PASI", color: "#2563eb", dash: undefined },
  { key: "dlqi", label: "DLQI", color: "#b45309", dash: "6 4" },
] as const;

/** Days since 1970 of a `YYYY-MM-DD` date, in UTC so no time zone moves a point. */
const dayOf = (date: string) =>
  Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / 86_400_000;

/**
 * The visits in date order (the number breaks a tie), each with its place on the time axis as a
 * fraction 0–1 (a single visit, or all on one day, sit in the middle).
 */
export function trendOrder(visits: readonly VisitResponse[]): { visit: VisitResponse; at: number }[] {
  const sorted = [...visits].sort(
    (a, b) => a.visit_date.localeCompare(b.visit_date) || a.visit_number - b.visit_number,
  );
  const first = dayOf(sorted[0]?.visit_date ?? "1970-01-01");
  const span = dayOf(sorted.at(-1)?.visit_date ?? "1970-01-01") - first;
  return sorted.map((visit) => ({ visit, at: span > 0 ? (dayOf(visit.visit_date) - first) / span : 0.5 }));
}

/** Axis labels closer than this (in chart units) to the previous shown one are left out. */
const MIN_TICK_GAP = 28;

export function TrendChart({ visits }: { visits: VisitResponse[] }) {
  const t = useTranslations("patients.trend");
  const fmt = useFormat();
  const [svg, setSvg] = useState<SVGSVGElement | null>(null);
  // Labels, the margins that hold them and the gap between them grow in user units as the
  // drawing shrinks (docs/decisions/0029).
  const k = useUnitsPerPixel(svg, WIDTH);
  const fontSize = LABEL_PX * k;
  const pad = { left: PAD.left * k, right: PAD.right, top: PAD.top * k, bottom: PAD.bottom * k };
  const points = trendOrder(visits).map(({ visit, at }) => ({ visit, at, ...visitMeasures(visit) }));
  const values = points.flatMap((p) => [p.pasi, p.dlqi]).filter((v): v is number => v !== null);
  if (values.length === 0) return <p className="text-sm text-slate-500">{t("empty")}</p>;
  const max = Math.max(10, ...values);
  const innerW = WIDTH - pad.left - pad.right;
  const innerH = HEIGHT - pad.top - pad.bottom;
  const x = (i: number) => pad.left + points[i]!.at * innerW;
  // Visits days apart would print their labels on top of each other: the table below has them all.
  const labelled = points.reduce<number[]>(
    (shown, _p, i) =>
      shown.length === 0 || x(i) - x(shown.at(-1)!) >= MIN_TICK_GAP * k ? [...shown, i] : shown,
    [],
  );
  const y = (v: number) => pad.top + innerH - (v / max) * innerH;
  const ticks = [0, max / 2, max].map((t) => Math.round(t * 10) / 10);

  return (
    <figure aria-labelledby="trend-caption">
      <div className="flex flex-wrap gap-4 text-xs text-slate-700" aria-hidden="true">
        {SERIES.map((s) => (
          <span key={s.key} className="inline-flex items-center gap-1">
            <svg width="24" height="8">
              <line x1="0" y1="4" x2="24" y2="4" stroke={s.color} strokeWidth="2" strokeDasharray={s.dash} />
            </svg>
            {s.label}
          </span>
        ))}
      </div>
      <svg
        ref={setSvg}
        data-testid="trend-chart"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="mt-2 h-auto w-full max-w-3xl"
        aria-hidden="true"
        focusable="false"
      >
        {ticks.map((t) => (
          <g key={t}>
            <line x1={pad.left} x2={WIDTH - pad.right} y1={y(t)} y2={y(t)} stroke="#e2e8f0" />
            <text x={pad.left - 6 * k} y={y(t) + 4 * k} textAnchor="end" fontSize={fontSize} fill="#475569">
              {fmt.number(t)}
            </text>
          </g>
        ))}
        {labelled.map((i) => (
          <text
            key={points[i]!.visit.id}
            x={x(i)}
            y={HEIGHT - 8 * k}
            textAnchor="middle"
            fontSize={fontSize}
            fill="#475569"
          >
            {t("tick", { n: points[i]!.visit.visit_number })}
          </text>
        ))}
        {SERIES.map((s) => {
          const coords = points
            .map((p, i) => (p[s.key] === null ? null : `${x(i)},${y(p[s.key]!)}`))
            .filter((c): c is string => c !== null);
          return (
            <g key={s.key}>
              <polyline
                points={coords.join(" ")}
                fill="none"
                stroke={s.color}
                strokeWidth="2"
                strokeDasharray={s.dash}
              />
              {points.map((p, i) =>
                p[s.key] === null ? null : (
                  <circle key={p.visit.id} cx={x(i)} cy={y(p[s.key]!)} r="3.5" fill={s.color} />
                ),
              )}
            </g>
          );
        })}
      </svg>
      <figcaption id="trend-caption" className="mt-1 text-xs text-slate-600">
        {t("caption")}
      </figcaption>
      <table className="sr-only">
        <caption>{t("tableCaption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("visit")}</th>
            <th scope="col">{t("date")}</th>
            {/* The scores' names, the same in every language. */}
            {SERIES.map((s) => (
              <th key={s.key} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.visit.id}>
              <th scope="row">{p.visit.visit_number}</th>
              <td>{fmt.date(p.visit.visit_date)}</td>
              <td>{p.pasi === null ? t("notRecorded") : fmt.exact(p.pasi)}</td>
              <td>{p.dlqi === null ? t("notRecorded") : fmt.exact(p.dlqi)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
