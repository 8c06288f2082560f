import { cn } from "./cn";

/**
 * An email address that wraps before its `@` when the column is narrow, never inside the name or
 * the domain. Each part is an inline block, so a line breaks between them (the <wbr> marks the
 * spot) and a part wraps inside itself — at a hyphen, or anywhere with `break-words` — only when
 * it alone is wider than the line. Unlike `break-all`, no address is cut mid-word for nothing.
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const at = email.lastIndexOf("@");
  return (
    <span className={cn("break-words", className)} data-testid="email-text">
      {at <= 0 ? (
        email
      ) : (
        <>
          <span className="inline-block">{email.slice(0, at)}</span>
          <wbr />
          <span className="inline-block">{email.slice(at)}</span>
        </>
      )}
    </span>
  );
}
