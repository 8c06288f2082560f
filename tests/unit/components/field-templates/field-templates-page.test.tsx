import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FieldTemplatesPage } from "@/components/field-templates/field-templates-page";

const json = (body: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });

const tf = (n: number) => ({ name: `f_${n}`, label: `Field ${n}`, type: n % 2 ? "number" : "text" });
const template = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  name: `T${id}`,
  description: null,
  category: "Other",
  fields: [tf(1)],
  field_count: 1,
  is_global: true,
  created_at: "2026-03-04T10:00:00.000Z",
  created_by: 1,
  can_delete: true,
  ...extra,
});

function renderPage(templates: unknown[], onWrite?: (method: string, body: unknown) => Response) {
  const writes: { method: string; url: string; body: unknown }[] = [];
  let list = templates;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      if (method === "GET") return json({ templates: list, total: list.length });
      const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
      writes.push({ method, url, body });
      const res = onWrite?.(method, body) ?? json(template(99, body as Record<string, unknown>), 201);
      if (res.ok && method === "DELETE")
        list = list.filter((t) => !url.endsWith(`/${(t as { id: number }).id}`));
      return res;
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FieldTemplatesPage canCreateGlobal />
    </QueryClientProvider>,
  );
  return { writes, user: userEvent.setup() };
}

afterEach(() => {
  vi.unstubAllGlobals();
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
    const { user, writes } = renderPage([template(7, { name: "Old" })], () => json(null, 204));
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(true);
    await user.click(await screen.findByRole("button", { name: "Delete template Old" }));
    expect(confirm).toHaveBeenCalledWith('Delete template "Old"?');
    expect(writes[0]).toMatchObject({ method: "DELETE", url: "/api/field-templates/7" });
    expect(await screen.findByText("Template deleted successfully!")).toBeInTheDocument();
  });

  it("shows the server's reason when a delete fails", async () => {
    const { user } = renderPage([template(7, { name: "Old" })], () =>
      json({ detail: "Only the creator of a template can delete it" }, 403),
    );
    vi.spyOn(window, "confirm").mockReturnValue(true);
    await user.click(await screen.findByRole("button", { name: "Delete template Old" }));
    expect(
      await screen.findByText("Error deleting template: Only the creator of a template can delete it"),
    ).toBeInTheDocument();
  });

  it("creates a template: Create disabled until a name and a field; Add Field gives field_N / Field N / text", async () => {
    const { user, writes } = renderPage([]);
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
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]!.body).toEqual({
      name: "Vitals",
      description: null,
      category: "Cardio",
      is_global: true,
      fields: [{ name: "field_2", label: "Field 2", type: "number", category: "Cardio", order: 2 }],
    });
    expect(await screen.findByText("Template created successfully!")).toBeInTheDocument();
  });

  it("shows 'Error creating template: …' with the server's detail", async () => {
    const { user } = renderPage([], () =>
      json(
        { detail: [{ loc: ["body", "fields", 0, "name"], msg: "Field name is required", type: "x" }] },
        422,
      ),
    );
    await user.click(await screen.findByRole("button", { name: "+ Create Template" }));
    const dialog = screen.getByRole("dialog", { name: "Create Template" });
    await user.type(within(dialog).getByLabelText(/Template Name/), "Bad");
    await user.click(within(dialog).getByRole("button", { name: "Add Field" }));
    await user.click(within(dialog).getByRole("button", { name: "Create" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Error creating template: Field name is required",
    );
  });

  it("shows 'Error loading templates: {message}'", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json({ detail: "Database unavailable" }, 503)),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <FieldTemplatesPage canCreateGlobal={false} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText("Error loading templates: Database unavailable")).toBeInTheDocument();
  });
});
