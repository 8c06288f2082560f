/**
 * The one way a form shows a field's message: spread `invalidProps(id, error)` on the control and
 * render `<FieldError id error />` below it (the message is tied to the control for screen readers
 * and announced when it appears).
 */
export function invalidProps(id: string, error: string | undefined | null) {
  return error ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};
}

export function FieldError({ id, error }: { id: string; error: string | undefined | null }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
      {error}
    </p>
  );
}
