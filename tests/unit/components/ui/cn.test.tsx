import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";

describe("cn", () => {
  it("lets a later utility replace an earlier one for the same property", () => {
    expect(cn("px-4 py-2", "px-2")).toBe("py-2 px-2");
    expect(cn("bg-brand-600", "bg-red-600")).toBe("bg-red-600");
    // Different variants are different properties: both stay.
    expect(cn("bg-white disabled:bg-slate-100", "enabled:hover:bg-slate-100")).toBe(
      "bg-white disabled:bg-slate-100 enabled:hover:bg-slate-100",
    );
  });

  it("gives a compact button its own padding (the ↑ and ↓ of reorder lists fit a phone)", () => {
    render(
      <Button variant="ghost" className="px-2" aria-label="Move up">
        ↑
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Move up" });
    expect(button).toHaveClass("px-2", "py-2", "disabled:cursor-not-allowed");
    expect(button).not.toHaveClass("px-4");
  });
});
