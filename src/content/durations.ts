/** A period kept in months, as a reader says it: in years where it is whole years ("10 years"), else months. */
export function monthsInWords(months: number): string {
  if (months % 12 === 0) return months === 12 ? "1 year" : `${months / 12} years`;
  return months === 1 ? "1 month" : `${months} months`;
}
