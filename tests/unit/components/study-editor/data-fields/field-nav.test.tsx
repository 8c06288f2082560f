import { screen, within } from "@testing-library/react";
import { renderWithIntl } from "@/tests/support/render-with-intl";
import { describe, expect, it, vi } from "vitest";
import { FieldNav } from "@/components/study-editor/data-fields/field-nav";

const LONG = "Investigator global assessment of nail psoriasis at the week 52 follow-up visit";
const LONG_WORD = "pasi_score_head_neck_erythema_induration_desquamation";

describe("Data Fields side navigation", () => {
  it("shows every field's full label, wrapped rather than cut, with the label as its tooltip", () => {
    renderWithIntl(
      <FieldNav
        groups={[
          {
            key: "efficacy",
            label: "Efficacy",
            items: [
              { uid: "1", label: LONG, hasError: false },
              { uid: "2", label: LONG_WORD, hasError: true },
            ],
          },
        ]}
        onNavigate={vi.fn()}
      />,
    );
    const nav = screen.getByRole("navigation", { name: "Fields by category" });
    for (const label of [LONG, LONG_WORD]) {
      const button = within(nav).getByRole("button", { name: label });
      expect(button).toHaveTextContent(label);
      expect(button).toHaveAttribute("title", label);
      // No ellipsis and no single line: the label wraps, a long word breaks only where it must.
      expect(button.className).not.toMatch(/\b(truncate|text-ellipsis|whitespace-nowrap|line-clamp-\d)\b/);
      expect(button).toHaveClass("break-words");
    }
  });
});
