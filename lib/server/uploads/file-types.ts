import "server-only";
import { messageRef } from "@/lib/i18n/message-ref";
import { sanitizeSvg } from "../sanitize/sanitize-svg";

/** What an upload is for: attachments of content blocks, or a study logo. */
export type UploadPurpose = "attachment" | "logo";

type FileType = {
  contentType: string;
  /** True when the first bytes are what this format always starts with. */
  matches: (bytes: Uint8Array) => boolean;
  /** Images served inline (logos); everything else only as a download. */
  inline?: boolean;
};

const startsWith = (bytes: Uint8Array, prefix: number[], offset = 0) =>
  bytes.length >= offset + prefix.length && prefix.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const PDF = ascii("%PDF-");
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP = [0x50, 0x4b, 0x05, 0x06];

const ole = (bytes: Uint8Array) => startsWith(bytes, OLE);
const zip = (bytes: Uint8Array) => startsWith(bytes, ZIP);

/** Plain text: valid UTF-8 without NUL (binary files nearly always hold one). */
export function isUtf8Text(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The attachment allowlist of spec §5, checked by extension and by content. */
export const ATTACHMENT_TYPES: Record<string, FileType> = {
  pdf: { contentType: "application/pdf", matches: (b) => startsWith(b, PDF) },
  doc: { contentType: "application/msword", matches: ole },
  xls: { contentType: "application/vnd.ms-excel", matches: ole },
  ppt: { contentType: "application/vnd.ms-powerpoint", matches: ole },
  docx: {
    contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    matches: zip,
  },
  xlsx: { contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", matches: zip },
  pptx: {
    contentType: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    matches: zip,
  },
  zip: { contentType: "application/zip", matches: (b) => zip(b) || startsWith(b, EMPTY_ZIP) },
  txt: { contentType: "text/plain; charset=utf-8", matches: isUtf8Text },
};

export const LOGO_TYPES: Record<string, FileType> = {
  png: {
    contentType: "image/png",
    inline: true,
    matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  jpg: { contentType: "image/jpeg", inline: true, matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  jpeg: { contentType: "image/jpeg", inline: true, matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  webp: {
    contentType: "image/webp",
    inline: true,
    matches: (b) => startsWith(b, ascii("RIFF")) && startsWith(b, ascii("WEBP"), 8),
  },
  // Checked and rewritten by sanitizeSvg (prepareUpload).
  svg: { contentType: "image/svg+xml", inline: true, matches: isUtf8Text },
};

export const ACCEPTED_EXTENSIONS: Record<UploadPurpose, string[]> = {
  attachment: Object.keys(ATTACHMENT_TYPES),
  logo: Object.keys(LOGO_TYPES),
};

/** Content types served inline (images); every other stored file is sent as an attachment. */
export const INLINE_CONTENT_TYPES = new Set(Object.values(LOGO_TYPES).map((t) => t.contentType));

export function extensionOf(fileName: string): string {
  const match = /\.([A-Za-z0-9]+)$/.exec(fileName);
  return match ? match[1]!.toLowerCase() : "";
}

export type PreparedUpload =
  { ok: true; contentType: string; bytes: Uint8Array } | { ok: false; reason: string };

/**
 * The extension must be on the purpose's allowlist and the bytes must be of that format; an SVG
 * is stored as DOMPurify leaves it (or refused when nothing of it is an SVG).
 */
export function prepareUpload(purpose: UploadPurpose, fileName: string, bytes: Uint8Array): PreparedUpload {
  const extension = extensionOf(fileName);
  const types = purpose === "logo" ? LOGO_TYPES : ATTACHMENT_TYPES;
  const type = types[extension];
  const allowed = ACCEPTED_EXTENSIONS[purpose].join(", ");
  // The reasons are catalogue references, said in the uploader's words (decision 0021).
  if (!type) return { ok: false, reason: messageRef("api.uploads.typeNotAllowed", { accepted: allowed }) };
  if (bytes.length === 0) return { ok: false, reason: messageRef("api.uploads.fileEmpty") };
  if (!type.matches(bytes))
    return { ok: false, reason: messageRef("api.uploads.notThatType", { extension }) };
  if (extension === "svg") {
    const clean = sanitizeSvg(new TextDecoder().decode(bytes));
    if (!clean) return { ok: false, reason: messageRef("api.uploads.notThatType", { extension: "svg" }) };
    return { ok: true, contentType: type.contentType, bytes: new TextEncoder().encode(clean) };
  }
  return { ok: true, contentType: type.contentType, bytes };
}
