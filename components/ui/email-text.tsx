/**
 * An email address that wraps before its `@` when the column is narrow, never inside the name or
 * the domain (not even at a hyphen). Each part is an unbreakable inline block with a break
 * opportunity (<wbr>) between them, so a table gives the column at least the width of the longer
 * part; an address wider than the whole table scrolls with the table (its wrapper scrolls
 * sideways) rather than being cut mid-word.
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const at = email.lastIndexOf("@");
  return (
    <span className={className} data-testid="email-text">
      {at <= 0 ? (
        email
      ) : (
        <>
          <span className="inline-block whitespace-nowrap">{email.slice(0, at)}</span>
          <wbr />
          <span className="inline-block whitespace-nowrap">{email.slice(at)}</span>
        </>
      )}
    </span>
  );
}
