/**
 * The one upload size rule (spec §9: attachments at most 10MB), shared by the browser, which
 * refuses a larger file before sending a byte, and the server's multipart reader, which enforces
 * it. Pure: no I/O.
 */
import { formatFor } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { messageRef } from "@/lib/i18n/message-ref";

export const MAX_UPLOAD_FILE_BYTES = 10 * 1024 * 1024;

const KB = 1024;
const MB = 1024 * 1024;

/** A size in the unit people read it in: bytes below 1 KB, else KB or MB to one decimal. */
function fileSizeParts(bytes: number): { value: number; unit: "B" | "KB" | "MB" } {
  if (bytes < KB) return { value: bytes, unit: "B" };
  const [value, unit] = bytes < MB ? [bytes / KB, "KB" as const] : [bytes / MB, "MB" as const];
  return { value: Math.round(value * 10) / 10, unit };
}

/**
 * Sizes in words, as people read them, in the reader's number format (decision 0021): "820 B",
 * "14.2 KB", "10 MB", "12.4 MB"; in Italian "14,2 KB".
 */
export function formatFileSize(bytes: number, locale: Locale = "en"): string {
  const { value, unit } = fileSizeParts(bytes);
  return `${formatFor(locale).number(value)} ${unit}`;
}

/** "10 MB": the limit as the upload hints and messages say it (a whole number: the same in every language). */
export const MAX_UPLOAD_FILE_SIZE_TEXT = formatFileSize(MAX_UPLOAD_FILE_BYTES);

/**
 * Why a file cannot be uploaded because of its size, or null when it can: a catalogue reference
 * (decision 0021), put into words on screen.
 */
export function uploadSizeProblem(file: { name: string; size: number }): string | null {
  if (file.size <= MAX_UPLOAD_FILE_BYTES) return null;
  // Just over the limit, the size reads like the limit itself ("10 MB"): then it is left out.
  if (formatFileSize(file.size) === MAX_UPLOAD_FILE_SIZE_TEXT)
    return messageRef("api.uploads.tooLarge", { name: file.name, max: MAX_UPLOAD_FILE_SIZE_TEXT });
  // The size travels as a number, written in the reader's format where the message is put into words.
  const { value, unit } = fileSizeParts(file.size);
  return messageRef("api.uploads.tooLargeSized", {
    name: file.name,
    size: value,
    unit,
    max: MAX_UPLOAD_FILE_SIZE_TEXT,
  });
}
