import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { UnexpectedError } from "@/components/layout/unexpected-error";

describe("fallback error screen", () => {
  it("shows the spec's heading and the error text", () => {
    const html = renderToStaticMarkup(<UnexpectedError message="Database unreachable" />);
    expect(html).toContain("<h1");
    expect(html).toContain("Unexpected Application Error!");
    expect(html).toContain("Database unreachable");
  });
});
