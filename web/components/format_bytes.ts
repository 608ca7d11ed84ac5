const UNITS = ["B", "KB", "MB", "GB", "TB"];

/** A size for people: 0 B, 512 B, 1.5 KB, 23.4 MB (base 1024, one decimal from KB on). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return "0 B";
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${UNITS[unit]}`;
}
