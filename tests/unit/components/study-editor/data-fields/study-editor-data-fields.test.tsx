import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithIntl } from "@/tests/support/render-with-intl";
import type { z } from "zod";
import { StudyEditor } from "@/components/study-editor/study-editor";
import { FieldUsageResponse } from "@/lib/schemas/field-usage";
import { StudyResponse } from "@/lib/schemas/studies";
import { apiCalls, invalid, ok, route, serveApi, type ApiCall, type Reply } from "@/tests/support/msw/api";

vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: vi.fn() }),
  useSearchParams: () => new URLSearchParams("tab=data-fields"),
}));

const config: z.input<typeof StudyResponse>["config"] = {
  version: 1,
  categories: [{ code: "efficacy", label: "Efficacy", order: 1, entity: "visit" }],
  data_fields: [
    { entity: "patient", name: "onset", label: "Onset", type: "text" },
    { entity: "visit", name: "pasi", label: "PASI", type: "number", category: "efficacy" },
    {
      entity: "visit",
      name: "severity",
      label: "Severity",
      type: "select",
      category: "efficacy",
      options: [{ value: "mild", label: "Mild" }],
    },
  ],
};

const study: z.input<typeof StudyResponse> = {
  id: 5,
  code: "derm",
  name: "Dermatology",
  study_name: "Dermatology",
  disease: "Psoriasis",
  description: null,
  domain: "derm",
  is_active: true,
  version: 1,
  field_count: 3,
  config,
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
};

/** The editor's calls answered over MSW: the study, its field usage, and the save (`put`). */
function renderEditor(put: (call: ApiCall) => Reply = () => ok(StudyResponse, study)) {
  serveApi(
    route("GET", "/api/studies/{id}", () => ok(StudyResponse, study)),
    route("GET", "/api/studies/{id}/field-usage", () => ok(FieldUsageResponse, usage)),
    route("PUT", "/api/studies/{id}", put),
  );
  const calls = apiCalls;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithIntl(
    <QueryClientProvider client={client}>
      <StudyEditor studyId={5} />
    </QueryClientProvider>,
  );
  return { calls, user: userEvent.setup() };
}

const usage = { patient: { onset: 4 }, visit: { pasi: 7 } };

afterEach(() => {
  vi.restoreAllMocks();
  window.sessionStorage.clear();
});

describe("Study editor: Data Fields tab", () => {
  it("maps a server 422 path such as config.data_fields.2.options onto that card", async () => {
    const { user } = renderEditor(() =>
      invalid({
        loc: ["body", "config", "data_fields", 2, "options"],
        msg: "Select fields must have at least one option",
      }),
    );
    await user.click(await screen.findByRole("tab", { name: "Visit Fields (2)" }));
    await user.click(screen.getByRole("button", { name: "Save Study" }));
    const card = await screen.findByRole("listitem", { name: "Field Severity" });
    await waitFor(() => expect(within(card).getByText("Has errors")).toBeInTheDocument());
    expect(within(card).getByLabelText("Options (one per line)")).toHaveAttribute("aria-invalid", "true");
    expect(within(card).getByText("Select fields must have at least one option")).toBeInTheDocument();
  });

  it("checks the config in the browser first: duplicate names are marked and nothing is sent", async () => {
    const { user, calls } = renderEditor();
    await user.click(await screen.findByRole("tab", { name: "Visit Fields (2)" }));
    await user.click(screen.getByRole("button", { name: "Edit Severity" }));
    const card = screen.getByRole("listitem", { name: "Field Severity" });
    const name = within(card).getByLabelText("Field Name");
    await user.clear(name);
    await user.type(name, "pasi");
    await user.click(screen.getByRole("button", { name: "Save Study" }));
    expect(await screen.findByText("Please fix the highlighted errors before saving.")).toBeInTheDocument();
    expect(within(card).getByText("Field name must be unique within entity")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
    // Fixing it clears the mark at once.
    await user.type(name, "_2");
    await waitFor(() => expect(within(card).queryByText("Has errors")).toBeNull());
  });

  it("the live preview follows the entity tab and reacts to new fields", async () => {
    const { user } = renderEditor();
    const preview = await screen.findByRole("complementary", { name: "Live form preview" });
    expect(within(preview).getByRole("tab", { name: "Patient Form" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await user.click(screen.getByRole("tab", { name: "Visit Fields (2)" }));
    expect(within(preview).getByRole("tab", { name: "Visit Form" })).toHaveAttribute("aria-selected", "true");
    await user.click(screen.getByRole("button", { name: "Add Field" }));
    await user.click(screen.getByRole("button", { name: /^textarea: / }));
    await waitFor(() => expect(within(preview).getByLabelText(/Field 3/)).toBeInTheDocument());
    await user.click(within(preview).getByRole("tab", { name: "Patient Form" }));
    expect(screen.getByRole("tab", { name: "Patient Fields (1)" })).toHaveAttribute("aria-selected", "true");
  });

  it("flags a rename or removal of a field that holds data, with the record count", async () => {
    const { user } = renderEditor();
    await user.click(await screen.findByRole("tab", { name: "Visit Fields (2)" }));
    await user.click(screen.getByRole("button", { name: "Edit PASI" }));
    const card = screen.getByRole("listitem", { name: "Field PASI" });
    await user.type(within(card).getByLabelText("Field Name"), "_score");
    expect(await within(card).findByText(/7 records hold a value for "pasi"/)).toBeInTheDocument();
    expect(screen.getByText(/These fields hold data/).closest("[role=alert]")).toHaveTextContent(
      "Visit field pasi renamed: 7 records hold a value for it.",
    );

    await user.click(screen.getByRole("tab", { name: "Patient Fields (1)" }));
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(true);
    await user.click(screen.getByRole("button", { name: "Delete Onset" }));
    expect(confirm).toHaveBeenCalledWith(
      'Delete field "Onset"? 4 records hold a value for it; that data will no longer be shown.',
    );
    expect(screen.getByText(/These fields hold data/).closest("[role=alert]")).toHaveTextContent(
      "Patient field onset removed: 4 records hold a value for it.",
    );
  });

  it("asks before a save that leaves data behind, and saves nothing when declined", async () => {
    const { user, calls } = renderEditor();
    await user.click(await screen.findByRole("tab", { name: "Visit Fields (2)" }));
    vi.spyOn(window, "confirm").mockReturnValue(true);
    await user.click(screen.getByRole("button", { name: "Delete PASI" }));
    const ask = vi.spyOn(window, "confirm").mockReturnValue(false);
    await user.click(screen.getByRole("button", { name: "Save Study" }));
    expect(ask).toHaveBeenCalledWith(
      'Saving leaves data behind that the forms will no longer show:\n- Visit field "pasi" removed: 7 records hold a value for it\nSave anyway?',
    );
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
    ask.mockReturnValue(true);
    await user.click(screen.getByRole("button", { name: "Save Study" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
  });

  it("saves 'SDV required' on a field and the study's requirement; unchecking takes the flag out (decision 0031)", async () => {
    // The server answers with what it was sent, as a save does, one version on each time.
    let version = study.version;
    const { user, calls } = renderEditor((call) => {
      const sent = call.body as { config: typeof config };
      version += 1;
      return ok(StudyResponse, { ...study, version, config: sent.config });
    });
    const requirement = await screen.findByRole("combobox", { name: "Source data verification" });
    expect(requirement).toHaveValue("none");
    expect(
      within(requirement)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["None", "Key fields only (those marked 'SDV required')", "All fields"]);
    await user.selectOptions(requirement, "Key fields only (those marked 'SDV required')");
    // Nothing flagged yet: the editor says what "key fields only" then means.
    expect(requirement).toHaveAccessibleDescription(
      /No field is marked 'SDV required': with key fields only, nothing will need verification\./,
    );

    await user.click(screen.getByRole("tab", { name: "Visit Fields (2)" }));
    await user.click(screen.getByRole("button", { name: "Edit PASI" }));
    const card = screen.getByRole("listitem", { name: "Field PASI" });
    const sdv = within(card).getByRole("checkbox", { name: "SDV required" });
    expect(sdv).toHaveAccessibleDescription("Checked against the source when the study requires key fields.");
    await user.click(sdv);
    expect(screen.queryByText(/No field is marked 'SDV required'/)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Save Study" }));
    await waitFor(() => expect(calls.filter((c) => c.method === "PUT")).toHaveLength(1));
    const sent = (calls.find((c) => c.method === "PUT")!.body as { config: typeof config }).config;
    expect(sent.sdv_requirement).toBe("key");
    const byName = new Map(sent.data_fields!.map((f) => [f.name, f]));
    expect(byName.get("pasi")).toMatchObject({ sdv_required: true });
    // The other fields are left as they were: no `sdv_required: false` written into them.
    expect("sdv_required" in byName.get("severity")!).toBe(false);
    expect("sdv_required" in byName.get("onset")!).toBe(false);

    // Unchecking removes the key and None removes the setting: the document is what it was.
    const saved = await screen.findByRole("listitem", { name: "Field PASI" });
    // The saved study is loaded again: its cards are new ones, closed.
    await user.click(within(saved).getByRole("button", { name: "Edit PASI" }));
    const checked = within(saved).getByRole("checkbox", { name: "SDV required" });
    expect(checked).toBeChecked();
    await user.click(checked);
    await user.selectOptions(screen.getByRole("combobox", { name: "Source data verification" }), "None");
    await user.click(screen.getByRole("button", { name: "Save Study" }));
    await waitFor(() => expect(calls.filter((c) => c.method === "PUT")).toHaveLength(2));
    const again = (calls.filter((c) => c.method === "PUT")[1]!.body as { config: typeof config }).config;
    expect("sdv_requirement" in again).toBe(false);
    expect(again.data_fields!.find((f) => f.name === "pasi")).toEqual(config.data_fields![1]);
  });
});
