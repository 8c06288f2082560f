import { Fragment } from "react";
import { cn } from "./cn";

/**
 * An email address that wraps before its `@` when the column is narrow, never mid-name. The word
 * break opportunity (<wbr>) comes first; `break-words` (overflow-wrap: break-word) splits a part
 * only when it alone is wider than the line. Unlike `break-all` or `overflow-wrap: anywhere`, it
 * does not let a table squeeze the column below a whole part of the address.
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const at = email.lastIndexOf("@");
  return (
    <span className={cn("break-words", className)} data-testid="email-text">
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
