import "server-only";

/**
 * An answer whose JSON is already written (by PostgreSQL, for pages of rows): `apiRoute` sends the
 * text as it is instead of serializing an object. `T` is the shape the text holds, for readers and
 * for tests that parse it.
 */
export class JsonText<T> {
  declare readonly shape?: T;
  constructor(readonly text: string) {}

  /** The parsed answer (tests and server-side callers). */
  parse(): T {
    return JSON.parse(this.text) as T;
  }
}
