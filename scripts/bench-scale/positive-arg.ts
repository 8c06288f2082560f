/** A command-line option that must be a positive whole number (the benchmarks' sizes and counts). */
export function positive(name: string, raw: string): number {
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer`);
  return value;
}
