/** The median of a run's figures (for an even count, the lower middle one: a figure that was measured). */
export function median(values: readonly number[]): number {
  // NaN sorts anywhere, so one unmeasured figure would pass as a median.
  if (!values.every(Number.isFinite)) throw new Error(`median of figures not all measured: ${values.join(", ")}`);
  return [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
}
