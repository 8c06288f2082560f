/**
 * After a refused submit, focus and scroll go to the first field in error in page order
 * (docs/decisions/0027): the first `aria-invalid` control in the dialog (or form) as the reader
 * meets it, whichever part of the form, or the server, found it. A group (radios, checkboxes)
 * hands focus to its first control.
 */
const CONTROL = "input:not([disabled]), select:not([disabled]), textarea:not([disabled])";

export function focusFirstError(root: ParentNode): boolean {
  const first = root.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!first) return false;
  const target = first.matches(CONTROL) ? first : (first.querySelector<HTMLElement>(CONTROL) ?? first);
  target.scrollIntoView({ behavior: "smooth", block: "center" });
  target.focus({ preventScroll: true });
  return true;
}

/**
 * The same once the messages are on screen: the fields' error state is rendered by React after
 * the submit handlers return, so the search waits two frames. `from` is any element inside the
 * dialog or form.
 */
export function focusFirstErrorSoon(from: Element | null): void {
  const root = from?.closest('[role="dialog"]') ?? from?.closest("form") ?? from;
  if (!root) return;
  requestAnimationFrame(() => requestAnimationFrame(() => void focusFirstError(root)));
}
