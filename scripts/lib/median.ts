/** The median of a run's figures (for an even count, the lower middle one: a figure that was measured). */
export const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
