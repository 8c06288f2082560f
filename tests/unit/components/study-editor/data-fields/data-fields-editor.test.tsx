import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { renderWithIntl } from "@/tests/support/render-with-intl";
import userEvent from "@testing-library/user-event";
import { Profiler, useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DataFieldsEditor } from "@/components/study-editor/data-fields/data-fields-editor";
import type { CategoryDocument, DataFieldDocument, FieldEntity } from "@/lib/schemas/study-config";
import type { PathIssue } from "@/lib/study-editor/data-fields";

// Counts FieldCard renders: the real card, wrapped in the same memo.
const counter = vi.hoisted(() => ({ cards: 0 }));
vi.mock("@/components/study-editor/data-fields/field-card", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/components/study-editor/data-fields/field-card")>();
  const { memo } = await import("react");
  const inner = (real.FieldCard as unknown as { type: (p: unknown) => React.ReactNode }).type;
  return {
    FieldCard: memo(function CountedFieldCard(props: Parameters<typeof inner>[0]) {
      counter.cards += 1;
      return inner(props);
    }),
  };
});

const categories: CategoryDocument[] = [
  { code: "efficacy", label: "Efficacy", order: 1, entity: "visit" },
  { code: "safety", label: "Safety", order: 2, entity: "visit" },
];

const field = (
  name: string,
  entity: FieldEntity,
  extra: Partial<DataFieldDocument> = {},
): DataFieldDocument => ({
  name,
  entity,
  label: name.toUpperCase(),
  type: "text",
  category: entity === "visit" ? "efficacy" : null,
  ...extra,
});

type Options = {
  fields?: DataFieldDocument[];
  cats?: CategoryDocument[];
  issues?: PathIssue[];
  entity?: FieldEntity;
  onGoToCategories?: () => void;
  onRender?: (phase: string) => void;
};

function renderEditor(options: Options = {}) {
  const changes: DataFieldDocument[][] = [];
  const entities: FieldEntity[] = [];
  function Harness() {
    const [fields, setFields] = useState(options.fields ?? []);
    const [entity, setEntity] = useState<FieldEntity>(options.entity ?? "visit");
    return (
      <DataFieldsEditor
        dataFields={fields}
        categories={options.cats ?? categories}
        entity={entity}
        onEntityChange={(next) => {
          entities.push(next);
          setEntity(next);
        }}
        onChange={(next) => {
          changes.push(next);
          setFields(next);
        }}
        issues={options.issues}
        revealIssues={options.issues ? 1 : 0}
        onGoToCategories={options.onGoToCategories}
      />
    );
  }
  const client = new QueryClient();
  renderWithIntl(
    <QueryClientProvider client={client}>
      <Profiler id="editor" onRender={(_id, phase) => options.onRender?.(phase)}>
        <Harness />
      </Profiler>
    </QueryClientProvider>,
  );
  return { changes, entities, last: () => changes[changes.length - 1]! };
}

const card = (label: string) => screen.getByRole("listitem", { name: `Field ${label}` });

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("DataFieldsEditor", () => {
  it("has Patient Fields and Visit Fields tabs with counts; the entity tab is the caller's", async () => {
    const user = userEvent.setup();
    const { entities } = renderEditor({
      fields: [field("a", "patient"), field("b", "visit"), field("c", "visit")],
    });
    const tabs = screen.getAllByRole("tab");
    expect(tabs.map((t) => t.textContent)).toEqual(["Patient Fields (1)", "Visit Fields (2)"]);
    expect(screen.getByRole("list", { name: "Visit fields" }).children).toHaveLength(2);
    await user.click(tabs[0]!);
    expect(entities).toEqual(["patient"]);
    expect(screen.getByRole("list", { name: "Patient fields" }).children).toHaveLength(1);
  });

  it("adds a field from the modal listing every type; field_N naming, label renames, number 0 to 100", async () => {
    const user = userEvent.setup();
    const { last } = renderEditor({ fields: [field("pasi", "visit")] });
    await user.click(screen.getByRole("button", { name: "Add Field" }));
    const dialog = screen.getByRole("dialog", { name: "Add Visit Field" });
    const types = within(dialog)
      .getAllByRole("button")
      .filter((b) => b.textContent !== "Cancel");
    expect(types).toHaveLength(12);
    expect(within(dialog).getByRole("button", { name: /^radio: / })).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: /^number: / }));

    expect(last()[1]).toMatchObject({
      entity: "visit",
      name: "field_2",
      label: "Field 2",
      type: "number",
      category: "efficacy",
      validation: { min: 0, max: 100 },
    });
    const added = card("Field 2");
    const label = within(added).getByLabelText("Label");
    await user.clear(label);
    await user.type(label, "BSA %");
    expect(last()[1]).toMatchObject({ name: "bsa", label: "BSA %" });

    // Once the name no longer starts with field_, the label leaves it alone.
    await user.type(label, " total");
    expect(last()[1]).toMatchObject({ name: "bsa_total", label: "BSA % total" });
    const name = within(card("BSA % total")).getByLabelText("Field Name");
    await user.clear(name);
    await user.type(name, "body_area");
    await user.type(within(card("BSA % total")).getByLabelText("Label"), "!");
    expect(last()[1]).toMatchObject({ name: "body_area", label: "BSA % total!" });
  });

  it("edits options one per line, validation, flags and order", async () => {
    const user = userEvent.setup();
    const { last } = renderEditor({ fields: [field("severity", "visit", { type: "select", options: [] })] });
    await user.click(screen.getByRole("button", { name: "Edit SEVERITY" }));
    const c = card("SEVERITY");
    await user.type(within(c).getByLabelText("Options (one per line)"), "mild{Enter}{Enter}severe");
    expect(last()[0]!.options).toEqual([
      { value: "mild", label: "mild" },
      { value: "severe", label: "severe" },
    ]);
    await user.click(within(c).getByLabelText("Required"));
    await user.click(within(c).getByLabelText("Show in table"));
    await user.type(within(c).getByLabelText("Order"), "3");
    expect(last()[0]).toMatchObject({ validation: { required: true }, show_in_table: true, order: 3 });
  });

  it("sets the identifier and 'SDV required' flags only while checked (decisions 0016, 0031)", async () => {
    const user = userEvent.setup();
    const { last } = renderEditor({ fields: [field("hospital_no", "visit")] });
    await user.click(screen.getByRole("button", { name: "Edit HOSPITAL_NO" }));
    const c = card("HOSPITAL_NO");
    await user.click(within(c).getByRole("checkbox", { name: "SDV required" }));
    expect(last()[0]).toMatchObject({ sdv_required: true });
    await user.click(
      within(c).getByRole("checkbox", { name: "Identifier (removed from de-identified exports)" }),
    );
    expect(last()[0]).toMatchObject({ identifier: true, sdv_required: true });
    await user.click(within(c).getByRole("checkbox", { name: "SDV required" }));
    await user.click(
      within(c).getByRole("checkbox", { name: "Identifier (removed from de-identified exports)" }),
    );
    // Unchecked is absent, not false: the field is the very object it was.
    expect(last()[0]).toEqual(field("hospital_no", "visit"));
  });

  it("marks the card a config issue names (a server 422 path) and opens it", () => {
    const fields = [
      field("a", "visit"),
      field("b", "visit"),
      field("c", "visit", { type: "select", options: [] }),
    ];
    renderEditor({
      fields,
      issues: [
        { path: ["data_fields", 2, "options"], message: "Select fields must have at least one option" },
        { path: ["data_fields", 1, "name"], message: "Field name must be unique within entity" },
      ],
    });
    const c = card("C");
    expect(within(c).getByText("Has errors")).toBeInTheDocument();
    expect(within(c).getByText("Select fields must have at least one option")).toBeInTheDocument();
    expect(within(c).getByLabelText("Options (one per line)")).toHaveAttribute("aria-invalid", "true");
    expect(within(card("B")).getByLabelText("Field Name")).toHaveAttribute("aria-invalid", "true");
    expect(within(card("A")).queryByText("Has errors")).toBeNull();
  });

  it("switches to the entity of the first field in error", () => {
    const { entities } = renderEditor({
      entity: "visit",
      fields: [field("p", "patient"), field("v", "visit")],
      issues: [{ path: ["data_fields", 0, "name"], message: "Field name is required" }],
    });
    expect(entities).toEqual(["patient"]);
  });

  it("warns when the entity has no categories, with a way to the Categories tab", async () => {
    const user = userEvent.setup();
    const go = vi.fn();
    renderEditor({ cats: [], fields: [field("a", "visit", { category: null })], onGoToCategories: go });
    expect(screen.getByText(/No visit categories yet/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Add categories in the Categories tab" }));
    expect(go).toHaveBeenCalled();
  });

  it("navigates by category; the chosen card is highlighted for 2 seconds", () => {
    vi.useFakeTimers();
    renderEditor({
      fields: [
        field("a", "visit"),
        field("b", "visit", { category: "safety" }),
        field("c", "visit", { category: null }),
      ],
    });
    const nav = screen.getByRole("navigation", { name: "Fields by category" });
    expect(
      within(nav)
        .getAllByRole("heading")
        .map((h) => h.textContent),
    ).toEqual(["Efficacy (1)", "Safety (1)", "Uncategorized (1)"]);
    fireEvent.click(within(nav).getByRole("button", { name: "B" }));
    expect(card("B").className).toContain("ring-amber-300");
    act(() => vi.advanceTimersByTime(1900));
    expect(card("B").className).toContain("ring-amber-300");
    act(() => vi.advanceTimersByTime(200));
    expect(card("B").className).not.toContain("ring-amber-300");
  });

  it("deletes a field after confirmation", async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(true);
    const { last } = renderEditor({ fields: [field("a", "visit"), field("b", "visit")] });
    await user.click(screen.getByRole("button", { name: "Delete A" }));
    expect(confirm).toHaveBeenCalledWith('Delete field "A"?');
    expect(last().map((f) => f.name)).toEqual(["b"]);
  });

  it("asks for a selection before Save as Template", async () => {
    const user = userEvent.setup();
    renderEditor({ fields: [field("a", "visit")] });
    await user.click(screen.getByRole("button", { name: "Save as Template" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Please select at least one field");
    await user.click(screen.getByRole("checkbox", { name: "Select A for a template" }));
    await user.click(screen.getByRole("button", { name: "Save as Template (1)" }));
    expect(screen.getByRole("dialog", { name: "Save as Template" })).toBeInTheDocument();
  });

  it("with 300 fields, typing in one card renders only that card", async () => {
    const fields = Array.from({ length: 300 }, (_, i) =>
      field(`f_${i}`, "visit", {
        category: i % 2 ? "efficacy" : "safety",
        type: i % 3 ? "text" : "select",
        options: i % 3 ? undefined : [{ value: "a", label: "A" }],
      }),
    );
    const commits: string[] = [];
    renderEditor({ fields, onRender: (phase) => commits.push(phase) });
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Edit F_150" }));
    const label = within(card("F_150")).getByLabelText("Label");
    commits.length = 0;
    counter.cards = 0;
    fireEvent.change(label, { target: { value: "F_150x" } });
    // Counted, not timed: one keystroke is one commit in which exactly one of the 300 cards renders
    // (the other 299 are skipped by memo), whatever the load of the machine running the test.
    expect(commits).toEqual(["update"]);
    expect(counter.cards).toBe(1);
    expect(within(card("F_150x")).getByLabelText("Label")).toHaveValue("F_150x");
  });
});
