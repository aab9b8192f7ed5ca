/** The axis maximum: the smallest 1, 2 or 5 × 10ⁿ at or above the largest value (at least 1, so empty charts draw). */
export function niceCeiling(max: number): number {
  if (!Number.isFinite(max) || max <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((m) => m * magnitude >= max) ?? 10;
  return step * magnitude;
}

/** A bar's length in drawing units; any non-zero value stays visible (at least one unit). */
export function barLength(value: number, ceiling: number, span: number): number {
  if (value <= 0 || ceiling <= 0) return 0;
  return Math.max(1, Math.round((Math.min(value, ceiling) / ceiling) * span * 10) / 10);
}

/** The values as a sentence for assistive technology: "Draft: 3, Submitted: 1". */
export const describePoints = (points: { label: string; value: number }[]): string =>
  points.map((p) => `${p.label}: ${p.value}`).join(', ');
