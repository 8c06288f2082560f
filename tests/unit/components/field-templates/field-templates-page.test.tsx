import { inEnglish } from "@/tests/support/words-in";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithIntl } from "@/tests/support/render-with-intl";
import type { z } from "zod";
import { FieldTemplatesPage } from "@/components/field-templates/field-templates-page";
import {
  FieldTemplateCreateBody,
  FieldTemplateListResponse,
  FieldTemplateResponse,
} from "@/lib/schemas/field-templates";
import {
  callsTo,
  invalid,
  noContent,
  ok,
  refuse,
  route,
  serveApi,
  type ApiCall,
  type Reply,
} from "@/tests/support/msw/api";
import { templateFixture } from "@/tests/support/msw/fixtures";

const tf = (n: number) => ({ name: `f_${n}`, label: `Field ${n}`, type: n % 2 ? "number" : "text" });
const template = templateFixture;

/** The page over MSW: GET lists `templates`, a write answers with `onWrite` (default: 201). */
function renderPage(templates: z.input<typeof FieldTemplateResponse>[], onWrite?: (call: ApiCall) => Reply) {
  let list = templates;
  serveApi(
    route("GET", "/api/field-templates", () =>
      ok(FieldTemplateListResponse, { templates: list, total: list.length }),
    ),
    route("POST", "/api/field-templates", (call) =>
      onWrite ? onWrite(call) : ok(FieldTemplateResponse, template(99, call.body as object), 201),
    ),
    route("DELETE", "/api/field-templates/{id}", (call) => {
      const reply = onWrite ? onWrite(call) : noContent();
      if (reply.status < 300) list = list.filter((t) => String(t.id) !== call.params.id);
      return reply;
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithIntl(
    <QueryClientProvider client={client}>
      <FieldTemplatesPage canCreateGlobal />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup() };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("/admin/templates", () => {
  it("filters by category chips with counts; cards show the first 4 fields and '+N more fields'", async () => {
    const { user } = renderPage([
      template(1, {
        name: "Scores",
        category: "Derm",
        description: "Severity scores",
        fields: [1, 2, 3, 4, 5, 6].map(tf),
        field_count: 6,
      }),
      template(2, { name: "Mine", category: "Derm", is_global: false }),
      template(3, { name: "Misc", can_delete: false }),
    ]);
    const chips = await screen.findByRole("group", { name: "Filter by category" });
    expect(
      within(chips)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["All (3)", "Derm (2)", "Other (1)"]);
    const scores = screen.getByRole("listitem", { name: "Template Scores" });
    expect(within(scores).getByText("Derm · 6 fields")).toBeInTheDocument();
    expect(within(scores).getByText("Severity scores")).toBeInTheDocument();
    expect(within(scores).getByText("Field 4")).toBeInTheDocument();
    expect(within(scores).queryByText("Field 5")).toBeNull();
    expect(within(scores).getByText("+2 more fields")).toBeInTheDocument();
    expect(within(scores).getByText("Global")).toBeInTheDocument();
    expect(within(scores).getByText(/Created /)).toBeInTheDocument();
    expect(
      within(screen.getByRole("listitem", { name: "Template Mine" })).getByText("Personal"),
    ).toBeInTheDocument();
    expect(within(screen.getByRole("listitem", { name: "Template Misc" })).queryByRole("button")).toBeNull();

    await user.click(within(chips).getByRole("button", { name: "Derm (2)" }));
    expect(within(chips).getByRole("button", { name: "Derm (2)" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.queryByRole("listitem", { name: "Template Misc" })).toBeNull();
  });

  it("says so when there are no templates", async () => {
    renderPage([]);
    expect(await screen.findByText("No templates in this category")).toBeInTheDocument();
  });

  it("deletes after the confirm 'Delete template \"{name}\"?'", async () => {
    const { user } = renderPage([template(7, { name: "Old" })]);
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(true);
    await user.click(await screen.findByRole("button", { name: "Delete template Old" }));
    expect(confirm).toHaveBeenCalledWith('Delete template "Old"?');
    await waitFor(() => expect(callsTo("DELETE", "/api/field-templates/7")).toHaveLength(1));
    expect(await screen.findByText("Template deleted successfully!")).toBeInTheDocument();
  });

  it("shows the server's reason when a delete fails", async () => {
    const { user } = renderPage([template(7, { name: "Old" })], () =>
      refuse(403, "Only the creator of a template can delete it"),
    );
    vi.spyOn(window, "confirm").mockReturnValue(true);
    await user.click(await screen.findByRole("button", { name: "Delete template Old" }));
    expect(
      await screen.findByText("Error deleting template: Only the creator of a template can delete it"),
    ).toBeInTheDocument();
  });

  it("creates a template: Create disabled until a name and a field; Add Field gives field_N / Field N / text", async () => {
    const { user } = renderPage([]);
    await user.click(await screen.findByRole("button", { name: "+ Create Template" }));
    const dialog = screen.getByRole("dialog", { name: "Create Template" });
    const create = within(dialog).getByRole("button", { name: "Create" });
    expect(create).toBeDisabled();
    expect(within(dialog).getByLabelText(/Global/)).toBeChecked();
    await user.type(within(dialog).getByLabelText(/Template Name/), "Vitals");
    expect(create).toBeDisabled();
    await user.type(within(dialog).getByLabelText("Category"), "Cardio");
    await user.click(within(dialog).getByRole("button", { name: "Add Field" }));
    await user.click(within(dialog).getByRole("button", { name: "Add Field" }));
    const second = within(dialog).getByRole("listitem", { name: "Template field 2" });
    expect(within(second).getByLabelText("Field Name")).toHaveValue("field_2");
    expect(within(second).getByLabelText("Label")).toHaveValue("Field 2");
    expect(within(second).getByLabelText("Type")).toHaveValue("text");
    expect(
      within(within(second).getByLabelText("Type"))
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["text", "number", "select", "textarea", "date", "boolean"]);
    await user.selectOptions(within(second).getByLabelText("Type"), "number");
    await user.click(within(dialog).getByRole("button", { name: "Remove field Field 1" }));
    expect(create).toBeEnabled();
    await user.click(create);
    await waitFor(() => expect(callsTo("POST", "/api/field-templates")).toHaveLength(1));
    expect(callsTo("POST", "/api/field-templates")[0]!.body).toEqual({
      name: "Vitals",
      description: null,
      category: "Cardio",
      is_global: true,
      fields: [{ name: "field_2", label: "Field 2", type: "number", category: "Cardio", order: 2 }],
    });
    expect(await screen.findByText("Template created successfully!")).toBeInTheDocument();
  });

  it("shows 'Error creating template: …' and puts a 422 on the field it names", async () => {
    const { user } = renderPage([], () =>
      invalid({ loc: ["body", "fields", 0, "label"], msg: "Label is taken on the server" }),
    );
    await user.click(await screen.findByRole("button", { name: "+ Create Template" }));
    const dialog = screen.getByRole("dialog", { name: "Create Template" });
    await user.type(within(dialog).getByLabelText(/Template Name/), "Bad");
    await user.click(within(dialog).getByRole("button", { name: "Add Field" }));
    await user.click(within(dialog).getByRole("button", { name: "Create" }));
    expect(
      await within(dialog).findByText("Error creating template: Label is taken on the server"),
    ).toHaveAttribute("role", "alert");
    const label = within(within(dialog).getByRole("listitem", { name: "Template field 1" })).getByLabelText(
      "Label",
    );
    expect(label).toHaveAttribute("aria-invalid", "true");
    expect(label).toHaveAccessibleDescription("Label is taken on the server");
  });

  it("checks field names with the API's own schema before sending", async () => {
    const { user } = renderPage([]);
    await user.click(await screen.findByRole("button", { name: "+ Create Template" }));
    const dialog = screen.getByRole("dialog", { name: "Create Template" });
    await user.type(within(dialog).getByLabelText(/Template Name/), "Vitals");
    await user.click(within(dialog).getByRole("button", { name: "Add Field" }));
    const name = within(within(dialog).getByRole("listitem", { name: "Template field 1" })).getByLabelText(
      "Field Name",
    );
    await user.clear(name);
    await user.type(name, "9 bad name");
    await user.click(within(dialog).getByRole("button", { name: "Create" }));
    const expected = FieldTemplateCreateBody.safeParse({
      name: "Vitals",
      fields: [{ name: "9 bad name", label: "Field 1", type: "text", category: "general", order: 1 }],
    }).error?.issues[0]?.message;
    expect(expected).toBeTruthy();
    await waitFor(() => expect(name).toHaveAccessibleDescription(inEnglish(expected!)));
    expect(callsTo("POST", "/api/field-templates")).toHaveLength(0);
  });

  it("shows 'Error loading templates: {message}'", async () => {
    serveApi(route("GET", "/api/field-templates", () => refuse(503, "Database unavailable")));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderWithIntl(
      <QueryClientProvider client={client}>
        <FieldTemplatesPage canCreateGlobal={false} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText("Error loading templates: Database unavailable")).toBeInTheDocument();
  });
});
