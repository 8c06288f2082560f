import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

/**
 * A disabled control must look disabled. jsdom applies no Tailwind CSS, so this
 * checks that the primitives carry the disabled utilities for every variant; the e2e test
 * `editor-polish.spec.ts` checks the computed colours and cursor in Chromium.
 */
const DISABLED_LOOK = ["disabled:cursor-not-allowed", "disabled:bg-slate-100", "disabled:text-slate-400"];

describe("disabled look of the primitives", () => {
  it.each(["primary", "secondary", "ghost", "danger", "destructive"] as const)(
    "a disabled %s button is greyed out",
    (variant) => {
      render(
        <Button variant={variant} disabled>
          Move up
        </Button>,
      );
      const button = screen.getByRole("button", { name: "Move up" });
      expect(button).toBeDisabled();
      for (const utility of DISABLED_LOOK) expect(button).toHaveClass(utility);
      // Hover feedback is for enabled buttons only.
      expect(button.className).not.toMatch(/(^|\s)hover:/);
    },
  );

  it("a disabled input gets a grey background, muted text and a not-allowed cursor", () => {
    render(<Input aria-label="Study Code" disabled defaultValue="psoriasis" />);
    const input = screen.getByLabelText("Study Code");
    expect(input).toBeDisabled();
    for (const utility of ["disabled:cursor-not-allowed", "disabled:bg-slate-100", "disabled:text-slate-500"])
      expect(input).toHaveClass(utility);
  });
});
