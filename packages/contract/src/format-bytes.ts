/**
 * A size for people, in binary units: `512 bytes`, `1.5 KiB`, `25 MiB` (one decimal at most, none
 * when it is .0). The one format of every message that names a file size or a size limit.
 */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KiB`;
  return `${bytes} bytes`;
}
