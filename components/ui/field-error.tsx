"use client";

import { useWords } from "@/components/i18n/use-words";
import { readMessageRef } from "@/lib/i18n/message-ref";

/**
 * The one way a form shows a field's message: spread `invalidProps(id, error)` on the control and
 * render `<FieldError id error />` below it (the message is tied to the control for screen readers
 * and announced when it appears). The message may be a reference (a zod message of the shared
 * schemas, a form engine message): it is put into the reader's words (docs/decisions/0021).
 */
export function invalidProps(id: string, error: string | undefined | null) {
  return error ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};
}

export function FieldError({ id, error }: { id: string; error: string | undefined | null }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
      {readMessageRef(error) ? <MessageWords text={error} /> : error}
    </p>
  );
}

/** A reference in words; plain text needs no catalogue, so it renders without one (no provider). */
function MessageWords({ text }: { text: string }) {
  const words = useWords();
  return words(text);
}
