import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import { renderWithIntl } from "@/tests/support/render-with-intl";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { StudyEditor } from "@/components/study-editor/study-editor";
import { keepDraft } from "@/lib/client/draft-storage";
import { FieldUsageResponse } from "@/lib/schemas/field-usage";
import { STUDY_REFUSALS, StudyResponse } from "@/lib/schemas/studies";
import {
  apiCalls,
  ok,
  refuse,
  replyError,
  route,
  serveApi,
  type ApiCall,
  type Reply,
} from "@/tests/support/msw/api";

const push = vi.fn();
vi.mock("next/navigation", () => ({
  useRouter: () => ({ push }),
  useSearchParams: () => new URLSearchParams(),
}));

const study = (overrides: Partial<z.input<typeof StudyResponse>> = {}): z.input<typeof StudyResponse> => ({
  id: 5,
  code: "derm",
  name: "Dermatology",
  study_name: "Dermatology",
  disease: "Psoriasis",
  description: null,
  domain: "derm",
  is_active: true,
  version: 1,
  field_count: 0,
  config: { version: 1 },
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
  ...overrides,
});

type Answer = (call: ApiCall) => Reply;

/** Answers the editor's study calls with `answer` (MSW); every call is recorded in `calls`. */
function renderEditor(answer: Answer, studyId?: number) {
  serveApi(
    route("GET", "/api/studies/{id}", answer),
    route("PUT", "/api/studies/{id}", answer),
    route("POST", "/api/studies", answer),
    route("GET", "/api/studies/{id}/field-usage", () => ok(FieldUsageResponse, { patient: {}, visit: {} })),
  );
  const calls = apiCalls;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithIntl(
    <QueryClientProvider client={client}>
      <StudyEditor studyId={studyId} />
    </QueryClientProvider>,
  );
  return { calls, user: userEvent.setup() };
}

afterEach(() => {
  window.sessionStorage.clear();
  push.mockReset();
});

describe("StudyEditor saving", () => {
  it("sends the version it was based on, explains a stale-write 409 and reloads while keeping the draft to copy from", async () => {
    let current = study();
    const stale =
      "This study was changed by someone else since you opened it (version 1, now 2). Reload to see their changes.";
    const { calls, user } = renderEditor(
      (call) => (call.method === "PUT" ? refuse(409, stale) : ok(StudyResponse, current)),
      5,
    );
    const name = await screen.findByLabelText(/Study Name/);
    await user.clear(name);
    await user.type(name, "My renamed study");
    await user.click(screen.getByRole("button", { name: "Save Study" }));

    expect(await screen.findByText(`Error saving study: ${stale}`)).toBeInTheDocument();
    expect(calls.find((c) => c.method === "PUT")?.body).toMatchObject({
      version: 1,
      name: "My renamed study",
    });
    expect(screen.getByText(/Your changes are not saved/)).toBeInTheDocument();

    current = study({ name: "Their name", version: 2 });
    await user.click(screen.getByRole("button", { name: "Reload" }));
    await waitFor(() => expect(screen.getByLabelText(/Study Name/)).toHaveValue("Their name"));
    const kept = screen.getByLabelText("Draft (read only)");
    expect(kept).toHaveAttribute("readonly");
    expect((kept as HTMLTextAreaElement).value).toContain('"name": "My renamed study"');
    expect(screen.getByRole("heading", { name: "Edit Study: Their name" })).toBeInTheDocument();
    expect(screen.queryByText(/Error saving study/)).not.toBeInTheDocument();

    // The next save is based on the reloaded version.
    await user.click(screen.getByRole("button", { name: "Save Study" }));
    await waitFor(() => expect(calls.filter((c) => c.method === "PUT")).toHaveLength(2));
    expect(calls.filter((c) => c.method === "PUT")[1]!.body).toMatchObject({ version: 2 });
  });

  it("marks the code field when the server says the code is taken (409), and the subdomain field for a taken subdomain", async () => {
    let detail = "A study with this code already exists";
    let type: string = STUDY_REFUSALS.codeTaken;
    const { user } = renderEditor(() => replyError(409, { detail, type }));
    await user.type(screen.getByLabelText(/Study Code/), "derm");
    await user.type(screen.getByLabelText(/Study Name/), "Dermatology");
    await user.type(screen.getByLabelText(/Disease/), "Psoriasis");
    await user.click(screen.getByRole("button", { name: "Save Study" }));
    const code = screen.getByLabelText(/Study Code/);
    await waitFor(() => expect(code).toHaveAttribute("aria-invalid", "true"));
    expect(code).toHaveAccessibleDescription(detail);
    expect(screen.getByLabelText(/Subdomain/)).not.toHaveAttribute("aria-invalid");

    detail = "A study with this subdomain already exists";
    type = STUDY_REFUSALS.domainTaken;
    await user.click(screen.getByRole("button", { name: "Save Study" }));
    await waitFor(() => expect(screen.getByLabelText(/Subdomain/)).toHaveAttribute("aria-invalid", "true"));
    expect(screen.getByLabelText(/Subdomain/)).toHaveAccessibleDescription(detail);
  });

  it("tells a taken code by the refusal's type, whatever the language of its words", async () => {
    let reply = {
      detail: "Esiste già uno studio con questo codice",
      type: STUDY_REFUSALS.codeTaken as string,
    };
    const { user } = renderEditor(() => replyError(409, reply));
    await user.type(screen.getByLabelText(/Study Code/), "derm");
    await user.type(screen.getByLabelText(/Study Name/), "Dermatology");
    await user.type(screen.getByLabelText(/Disease/), "Psoriasis");
    await user.click(screen.getByRole("button", { name: "Save Study" }));
    const code = screen.getByLabelText(/Study Code/);
    await waitFor(() => expect(code).toHaveAttribute("aria-invalid", "true"));
    expect(code).toHaveAccessibleDescription("Esiste già uno studio con questo codice");

    // The same words without the type are some other conflict: no field is marked for it.
    reply = { detail: "A study with this subdomain already exists", type: "other" };
    await user.click(screen.getByRole("button", { name: "Save Study" }));
    await waitFor(() =>
      expect(screen.getByText(/A study with this subdomain already exists/)).toBeInTheDocument(),
    );
    expect(screen.getByLabelText(/Subdomain/)).not.toHaveAttribute("aria-invalid");
  });

  it("shows the study's default language on Basic Info and saves the one chosen with the tab's save", async () => {
    const { calls, user } = renderEditor(
      (call) =>
        call.method === "PUT"
          ? ok(StudyResponse, study({ version: 2, default_language: "it" }))
          : ok(StudyResponse, study({ default_language: "en" })),
      5,
    );
    const select = await screen.findByRole("combobox", { name: "Default language" });
    expect(select).toHaveValue("en");
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["The reader's browser language", "Italiano", "English"]);
    await user.selectOptions(select, "Italiano");
    await user.click(screen.getByRole("button", { name: "Save Study" }));
    await waitFor(() => expect(calls.filter((c) => c.method === "PUT")).toHaveLength(1));
    expect(calls.find((c) => c.method === "PUT")!.body).toMatchObject({ default_language: "it", version: 1 });
  });

  it("sends no default language (null) while none is chosen", async () => {
    const { calls, user } = renderEditor(() => ok(StudyResponse, study({ id: 42 }), 201));
    expect(screen.getByRole("combobox", { name: "Default language" })).toHaveValue("");
    await user.type(screen.getByLabelText(/Study Code/), "derm");
    await user.type(screen.getByLabelText(/Study Name/), "Dermatology");
    await user.type(screen.getByLabelText(/Disease/), "Psoriasis");
    await user.click(screen.getByRole("button", { name: "Save Study" }));
    await waitFor(() => expect(calls.filter((c) => c.method === "POST")).toHaveLength(1));
    expect(calls.find((c) => c.method === "POST")!.body).toMatchObject({ default_language: null });
  });

  it("goes to the list with ?created=<id> after creating a study", async () => {
    const { user } = renderEditor(() => ok(StudyResponse, study({ id: 42 }), 201));
    await user.type(screen.getByLabelText(/Study Code/), "derm");
    await user.type(screen.getByLabelText(/Study Name/), "Dermatology");
    await user.type(screen.getByLabelText(/Disease/), "Psoriasis");
    await user.click(screen.getByRole("button", { name: "Save Study" }));
    await waitFor(() => expect(push).toHaveBeenCalledWith("/admin/studies?created=42"));
  });

  it("limits the basic fields to the schema's lengths", async () => {
    renderEditor(() => ok(StudyResponse, study()));
    expect(screen.getByLabelText(/Study Code/)).toHaveAttribute("maxLength", "50");
    expect(screen.getByLabelText(/Study Name/)).toHaveAttribute("maxLength", "200");
    expect(screen.getByLabelText(/Disease/)).toHaveAttribute("maxLength", "200");
    expect(screen.getByLabelText(/Subdomain/)).toHaveAttribute("maxLength", "63");
    expect(screen.getByLabelText("Description")).toHaveAttribute("maxLength", "5000");
  });

  it("restores a draft kept by a 401, says so, and can discard it", async () => {
    keepDraft("study:5", {
      draft: {
        basics: {
          code: "derm",
          name: "Draft name",
          disease: "Psoriasis",
          description: "",
          domain: "derm",
          is_active: true,
        },
        config: { version: 1 },
      },
      version: 1,
    });
    const { user } = renderEditor(() => ok(StudyResponse, study()), 5);
    expect(await screen.findByText("Your unsaved changes were restored.")).toBeInTheDocument();
    expect(screen.getByLabelText(/Study Name/)).toHaveValue("Draft name");
    expect(window.sessionStorage.length).toBe(0);
    await user.click(screen.getByRole("button", { name: "Discard them" }));
    expect(screen.getByLabelText(/Study Name/)).toHaveValue("Dermatology");
    expect(screen.queryByText("Your unsaved changes were restored.")).not.toBeInTheDocument();
  });

  it("shows an unreadable stored configuration as such, with no form to save over it", async () => {
    renderEditor(
      () =>
        refuse(409, 'The stored configuration of study "derm" cannot be read (data_fields › 2 › name: …).'),
      5,
    );
    expect(await screen.findByText("This study's configuration cannot be read.")).toBeInTheDocument();
    expect(screen.getByText(/data_fields › 2 › name/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Save Study" })).not.toBeInTheDocument();
  });
});
