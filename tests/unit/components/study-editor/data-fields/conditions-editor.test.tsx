import { screen, within } from "@testing-library/react";
import { renderWithIntl } from "@/tests/support/render-with-intl";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { ConditionsEditor } from "@/components/study-editor/data-fields/conditions-editor";
import { evaluateCondition } from "@/lib/forms/conditions";
import type { Condition, ConditionOperator } from "@/lib/schemas/study-config";
import { OPERATOR_LABELS, type ConditionTarget } from "@/lib/study-editor/conditions";

const targets: ConditionTarget[] = [
  { name: "score", label: "Score", type: "number" },
  {
    name: "severity",
    label: "Severity",
    type: "select",
    options: [
      { value: "mild", label: "Mild" },
      { value: "severe", label: "Severe" },
    ],
  },
  { name: "notes", label: "Notes", type: "text" },
  { name: "smoker", label: "Smoker", type: "boolean" },
];

function renderEditor(start?: Condition) {
  const changes: (Condition | undefined)[] = [];
  function Harness() {
    const [value, setValue] = useState<Condition | undefined>(start);
    return (
      <ConditionsEditor
        label="Show if"
        value={value}
        targets={targets}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
      />
    );
  }
  renderWithIntl(<Harness />);
  return { changes, user: userEvent.setup(), last: () => changes[changes.length - 1] };
}

/** Builds a root comparison through the UI: field, operator, then the value step. */
async function build(
  field: string,
  operator: ConditionOperator,
  value?: (user: ReturnType<typeof userEvent.setup>) => Promise<void>,
) {
  const editor = renderEditor();
  await editor.user.click(screen.getByRole("button", { name: "Add condition" }));
  await editor.user.selectOptions(screen.getByRole("combobox", { name: "Show if field" }), field);
  await editor.user.selectOptions(
    screen.getByRole("combobox", { name: "Show if operator" }),
    OPERATOR_LABELS[operator],
  );
  if (value) await value(editor.user);
  return editor.last();
}

const valueBox = () => screen.getByRole("spinbutton", { name: "Show if value" });
const textBox = () => screen.getByRole("textbox", { name: "Show if value" });

describe("ConditionsEditor: every operator gives the config the engine evaluates", () => {
  it.each([
    ["gt", 5, { score: 6 }, { score: 5 }],
    ["gte", 5, { score: 5 }, { score: 4 }],
    ["lt", 5, { score: 4 }, { score: 5 }],
    ["lte", 5, { score: 5 }, { score: 6 }],
    ["eq", 5, { score: 5 }, { score: 4 }],
    ["ne", 5, { score: 4 }, { score: 5 }],
  ] as const)("%s on a number field takes a number input", async (operator, n, yes, no) => {
    const condition = await build("score", operator, async (user) => {
      await user.clear(valueBox());
      await user.type(valueBox(), String(n));
    });
    expect(condition).toEqual({ field: "score", operator, value: n });
    expect(evaluateCondition(condition, yes)).toBe(true);
    expect(evaluateCondition(condition, no)).toBe(false);
  });

  it("eq on a select offers its options", async () => {
    const condition = await build("severity", "eq", async (user) => {
      const select = screen.getByRole("combobox", { name: "Show if value" });
      expect(
        within(select)
          .getAllByRole("option")
          .map((o) => o.textContent),
      ).toEqual(["Mild", "Severe"]);
      await user.selectOptions(select, "Severe");
    });
    expect(condition).toEqual({ field: "severity", operator: "eq", value: "severe" });
    expect(evaluateCondition(condition, { severity: "severe" })).toBe(true);
    expect(evaluateCondition(condition, { severity: "mild" })).toBe(false);
  });

  it("in and not_in on a select take a set of options", async () => {
    for (const operator of ["in", "not_in"] as const) {
      const condition = await build("severity", operator, async (user) => {
        await user.click(screen.getByRole("checkbox", { name: "Mild" }));
        await user.click(screen.getByRole("checkbox", { name: "Severe" }));
        await user.click(screen.getByRole("checkbox", { name: "Mild" }));
      });
      expect(condition).toEqual({ field: "severity", operator, value: ["severe"] });
      expect(evaluateCondition(condition, { severity: "severe" })).toBe(operator === "in");
      document.body.innerHTML = "";
    }
  });

  it("in on a number field takes a comma list read as numbers", async () => {
    const condition = await build("score", "in", async (user) => {
      await user.type(screen.getByRole("textbox", { name: "Show if values (comma separated)" }), "1, 2,3");
    });
    expect(condition).toEqual({ field: "score", operator: "in", value: [1, 2, 3] });
    expect(evaluateCondition(condition, { score: 2 })).toBe(true);
    expect(evaluateCondition(condition, { score: 4 })).toBe(false);
  });

  it("contains on a text field takes text", async () => {
    const condition = await build("notes", "contains", async (user) => {
      await user.type(textBox(), "itch");
    });
    expect(condition).toEqual({ field: "notes", operator: "contains", value: "itch" });
    expect(evaluateCondition(condition, { notes: "severe itching" })).toBe(true);
    expect(evaluateCondition(condition, { notes: "none" })).toBe(false);
  });

  it("is_empty and is_not_empty take no value", async () => {
    for (const operator of ["is_empty", "is_not_empty"] as const) {
      const condition = await build("notes", operator);
      expect(condition).toEqual({ field: "notes", operator });
      expect(screen.queryByRole("textbox", { name: "Show if value" })).toBeNull();
      expect(evaluateCondition(condition, { notes: "" })).toBe(operator === "is_empty");
      document.body.innerHTML = "";
    }
  });

  it("eq and ne on a boolean take Yes or No", async () => {
    const condition = await build("smoker", "ne", async (user) => {
      await user.selectOptions(screen.getByRole("combobox", { name: "Show if value" }), "No");
    });
    expect(condition).toEqual({ field: "smoker", operator: "ne", value: false });
    expect(evaluateCondition(condition, { smoker: true })).toBe(true);
    expect(evaluateCondition(condition, { smoker: false })).toBe(false);
  });

  it("offers all eleven operators", async () => {
    const { user } = renderEditor();
    await user.click(screen.getByRole("button", { name: "Add condition" }));
    const operators = within(screen.getByRole("combobox", { name: "Show if operator" })).getAllByRole(
      "option",
    );
    expect(operators).toHaveLength(11);
  });
});

describe("ConditionsEditor: nested and/or", () => {
  const nested: Condition = {
    and: [
      { field: "score", operator: "gte", value: 10 },
      {
        or: [
          { field: "severity", operator: "eq", value: "severe" },
          { field: "notes", operator: "is_not_empty" },
        ],
      },
    ],
  };

  it("shows a stored tree as it is and changes only the edited leaf", async () => {
    const { user, changes, last } = renderEditor(nested);
    expect(screen.getByRole("group", { name: "Show if group" })).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "Show if item 2 group" })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Show if item 2 match" })).toHaveValue("or");
    expect(changes).toHaveLength(0);

    await user.selectOptions(screen.getByRole("combobox", { name: "Show if item 2.1 value" }), "Mild");
    expect(last()).toEqual({
      and: [
        { field: "score", operator: "gte", value: 10 },
        {
          or: [
            { field: "severity", operator: "eq", value: "mild" },
            { field: "notes", operator: "is_not_empty" },
          ],
        },
      ],
    });
    expect(evaluateCondition(last(), { score: 12, severity: "mild" })).toBe(true);
    expect(evaluateCondition(last(), { score: 12, severity: "severe" })).toBe(false);
  });

  it("switches a group between and/or, adds and removes nodes", async () => {
    const { user, last } = renderEditor(nested);
    await user.selectOptions(screen.getByRole("combobox", { name: "Show if match" }), "any of (or)");
    expect(last()).toEqual({ or: (nested as { and: Condition[] }).and });
    await user.click(screen.getByRole("button", { name: "Add group to Show if item 2" }));
    const inner = (last() as { or: Condition[] }).or[1] as { or: Condition[] };
    expect(inner.or).toHaveLength(3);
    expect(inner.or[2]).toEqual({ and: [{ field: "score", operator: "eq", value: 0 }] });
    await user.click(screen.getByRole("button", { name: "Remove Show if item 1 comparison" }));
    expect((last() as { or: Condition[] }).or).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Remove Show if group" }));
    expect(last()).toBeUndefined();
    expect(screen.getByText("No condition: always.")).toBeInTheDocument();
  });

  it("wraps a single comparison in an and group when a condition is added", async () => {
    const { user, last } = renderEditor({ field: "score", operator: "gt", value: 1 });
    await user.click(screen.getByRole("button", { name: "Add condition" }));
    expect(last()).toEqual({
      and: [
        { field: "score", operator: "gt", value: 1 },
        { field: "score", operator: "eq", value: 0 },
      ],
    });
  });
});
