import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen, within } from "@testing-library/react";
import { renderWithIntl } from "@/tests/support/render-with-intl";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { DictionaryImportDialog } from "@/components/study-editor/data-dictionary/dictionary-import-dialog";
import { DictionaryImportResponse, DictionaryPreviewResponse } from "@/lib/schemas/data-dictionary";
import { apiCalls, ok, route, serveApi } from "@/tests/support/msw/api";

const CSV = "variable_name,entity\r\npasi_score,visit\r\n";

const preview = (overrides: Partial<DictionaryPreviewResponse> = {}): DictionaryPreviewResponse => ({
  changes: [
    { kind: "field", entity: "visit", name: "itch_vas", status: "created", row: 3, changes: [] },
    {
      kind: "field",
      entity: "visit",
      name: "pasi_score",
      status: "updated",
      row: 2,
      changes: [{ property: "label", before: "PASI", after: "PASI total" }],
    },
    { kind: "field", entity: "patient", name: "birth_place", status: "unchanged", row: 4, changes: [] },
    { kind: "calculation", entity: null, name: "pasi75_achieved", status: "kept", row: null, changes: [] },
    {
      kind: "category",
      entity: "visit",
      name: "itch",
      status: "created",
      row: 3,
      changes: [{ property: "label", before: null, after: "itch" }],
    },
  ],
  issues: [],
  compatibility: null,
  version: 4,
  ...overrides,
});

function renderDialog(answer: DictionaryPreviewResponse, { dirty = false } = {}) {
  serveApi(
    route("POST", "/api/studies/{id}/data-dictionary/preview", () => ok(DictionaryPreviewResponse, answer)),
    route("POST", "/api/studies/{id}/data-dictionary/import", () =>
      ok(DictionaryImportResponse, { created: 1, updated: 1, unchanged: 1, kept: 1, version: 5 }),
    ),
  );
  const calls = {
    at: (i: number) => apiCalls[i] && { url: apiCalls[i].url.pathname, body: apiCalls[i].body },
  };
  const onImported = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithIntl(
    <QueryClientProvider client={client}>
      <DictionaryImportDialog
        studyId={7}
        version={4}
        dirty={dirty}
        onClose={() => {}}
        onImported={onImported}
      />
    </QueryClientProvider>,
  );
  return { calls, onImported, user: userEvent.setup() };
}

async function choose(user: ReturnType<typeof userEvent.setup>) {
  await user.upload(
    screen.getByLabelText("Data dictionary file (.csv)"),
    new File([CSV], "dictionary.csv", { type: "text/csv" }),
  );
}

describe("Import data dictionary dialog", () => {
  it("previews the chosen file: counts, a table of created / updated / kept entries with their rows, then applies it", async () => {
    const { calls, onImported, user } = renderDialog(preview());
    const apply = screen.getByRole("button", { name: "Apply import" });
    expect(apply).toBeDisabled();
    await choose(user);
    expect(await screen.findByText(/1 created, 1 updated, 1 unchanged, 1 kept/)).toBeInTheDocument();
    expect(calls.at(0)).toEqual({ url: "/api/studies/7/data-dictionary/preview", body: { csv: CSV } });
    const table = screen.getByRole("table", { name: "Changes the import makes" });
    const rows = within(table).getAllByRole("row").slice(1);
    // Unchanged entries are only counted; the others are listed.
    expect(rows.map((r) => within(r).getAllByRole("cell")[1]!.textContent)).toEqual([
      "itch_vasvisit field · row 3",
      "pasi_scorevisit field · row 2",
      "pasi75_achievedcalculation",
      "itchvisit category · row 3",
    ]);
    expect(within(rows[1]!).getByText(/label/).closest("li")!.textContent).toBe(
      'label: "PASI" → "PASI total"',
    );
    expect(within(rows[2]!).getByText("Kept")).toBeInTheDocument();
    expect(apply).toBeEnabled();
    await user.click(apply);
    expect(calls.at(1)).toEqual({
      url: "/api/studies/7/data-dictionary/import",
      body: { csv: CSV, version: 4 },
    });
    expect(onImported).toHaveBeenCalledWith({ created: 1, updated: 1, unchanged: 1, kept: 1, version: 5 });
  });

  it("lists the file's problems by row and column and keeps Apply disabled", async () => {
    const { user } = renderDialog(
      preview({
        changes: [],
        issues: [
          { row: 3, column: "choices", message: "Select fields must have at least one option" },
          { row: null, column: null, message: "The file has no header row" },
        ],
      }),
    );
    await choose(user);
    const problems = await screen.findByRole("region", { name: "Problems in the file" });
    expect(
      within(problems)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "Row 3, choices: Select fields must have at least one option",
      "File: The file has no header row",
    ]);
    expect(screen.getByRole("button", { name: "Apply import" })).toBeDisabled();
  });

  it("shows breaking changes with the affected patients and visits and keeps Apply disabled", async () => {
    const issue = {
      kind: "validation_tightened",
      entity: "visit" as const,
      target: "pasi_score",
      message: "pasi_score now has a maximum of 10",
      affected_patients: 1,
      affected_visits: 2,
    };
    const { user } = renderDialog(
      preview({
        compatibility: {
          compatible: false,
          affected_patients: 1,
          affected_visits: 2,
          breaking_changes: [issue],
          warnings: [{ ...issue, kind: "field_retyped", target: "notes", message: "notes retyped" }],
        },
      }),
    );
    await choose(user);
    expect(await screen.findByText(/Breaking: 1 patients and 2 visits are affected/)).toBeInTheDocument();
    const breaking = screen.getByRole("region", { name: "Breaking changes" });
    expect(breaking).toHaveTextContent("pasi_score now has a maximum of 10");
    expect(breaking).toHaveTextContent("Affected: 1 patients, 2 visits");
    expect(screen.getByRole("region", { name: "Warnings" })).toHaveTextContent("notes retyped");
    expect(screen.getByRole("button", { name: "Apply import" })).toBeDisabled();
  });

  it("asks to save or discard unsaved editor changes first", () => {
    renderDialog(preview(), { dirty: true });
    expect(screen.getByRole("alert")).toHaveTextContent(
      "The editor has unsaved changes. Save or discard them first: an import replaces the saved configuration.",
    );
    expect(screen.getByLabelText("Data dictionary file (.csv)")).toBeDisabled();
    expect(screen.getByRole("button", { name: "Apply import" })).toBeDisabled();
  });
});
