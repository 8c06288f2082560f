import { Fragment } from "react";
import { cn } from "./cn";

/**
 * An email address that wraps before its `@` when the column is narrow, never mid-name. The word
 * break opportunity (<wbr>) comes first; `overflow-wrap: anywhere` only splits a part that is
 * still wider than the column on its own (a very long domain on a phone), so nothing overflows.
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const at = email.lastIndexOf("@");
  return (
    <span className={cn("[overflow-wrap:anywhere]", className)} data-testid="email-text">
      {at <= 0 ? (
        email
      ) : (
        <Fragment>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </Fragment>
      )}
    </span>
  );
}
