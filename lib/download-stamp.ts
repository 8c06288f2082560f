/** A download's time in a file name: UTC as 20261122T071500Z (no character a file name refuses). Pure. */
export function utcFileStamp(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}
