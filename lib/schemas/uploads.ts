/**
 * The one upload size rule (spec §9: attachments at most 10MB), shared by the browser, which
 * refuses a larger file before sending a byte, and the server's multipart reader, which enforces
 * it. Pure: no I/O.
 */
import { messageRef } from "@/lib/i18n/message-ref";

export const MAX_UPLOAD_FILE_BYTES = 10 * 1024 * 1024;

const KB = 1024;
const MB = 1024 * 1024;

/** Sizes in words, as people read them: "820 B", "14.2 KB", "10 MB", "12.4 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < KB) return `${bytes} B`;
  const [value, unit] = bytes < MB ? [bytes / KB, "KB"] : [bytes / MB, "MB"];
  const rounded = Math.round(value * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded.toFixed(0) : rounded.toFixed(1)} ${unit}`;
}

/** "10 MB": the limit as the upload hints and messages say it. */
export const MAX_UPLOAD_FILE_SIZE_TEXT = formatFileSize(MAX_UPLOAD_FILE_BYTES);

/**
 * Why a file cannot be uploaded because of its size, or null when it can: a catalogue reference
 * (decision 0021), put into words on screen.
 */
export function uploadSizeProblem(file: { name: string; size: number }): string | null {
  if (file.size <= MAX_UPLOAD_FILE_BYTES) return null;
  const size = formatFileSize(file.size);
  // Just over the limit, the size reads like the limit itself ("10 MB"): then it is left out.
  return size === MAX_UPLOAD_FILE_SIZE_TEXT
    ? messageRef("api.uploads.tooLarge", { name: file.name, max: MAX_UPLOAD_FILE_SIZE_TEXT })
    : messageRef("api.uploads.tooLargeSized", { name: file.name, size, max: MAX_UPLOAD_FILE_SIZE_TEXT });
}
