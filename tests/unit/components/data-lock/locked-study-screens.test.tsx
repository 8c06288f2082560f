/**
 * A locked study's administration screens (docs/decisions/0034-patient-and-study-lock.md): the team,
 * the medical groups, the homepage content and the study editor show what they hold and offer no
 * control that would change it (each such call answers 423); an open study's offer them.
 */
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { ContentPage } from "@/components/contents/content-page";
import { MedicalGroupsPage } from "@/components/medical-groups/medical-groups-page";
import { StudyEditor } from "@/components/study-editor/study-editor";
import { StudyTeamPage } from "@/components/team/study-team-page";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import { ContentListResponse, type ContentBlock } from "@/lib/schemas/contents";
import { FieldUsageResponse } from "@/lib/schemas/field-usage";
import { ProtocolVersionListResponse } from "@/lib/schemas/protocol-versions";
import { StudyResponse } from "@/lib/schemas/studies";
import {
  AdminUserListResponse,
  MedicalGroupListResponse,
  UserStudyRoleListResponse,
} from "@/lib/schemas/users";
import { ok, route, serveApi } from "@/tests/support/msw/api";
import {
  adminUserFixture,
  assignmentFixture,
  medicalGroupFixture,
  studySummaryFixture,
} from "@/tests/support/msw/fixtures";
import { renderWithQuery } from "../study-area/render-with-query";

vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: vi.fn() }),
  useSearchParams: () => new URLSearchParams(),
}));

const LOCKED_AT = "2026-05-01T09:00:00.000Z";

const buttonNames = (root: HTMLElement = document.body) =>
  within(root)
    .queryAllByRole("button")
    .map((button) => button.getAttribute("aria-label") ?? button.textContent ?? "");

describe("Study Team of a locked study", () => {
  function renderTeam(readOnly: boolean) {
    serveApi(
      route("GET", "/api/admin/user-study-roles", () =>
        ok(UserStudyRoleListResponse, {
          items: [assignmentFixture(3, { user_full_name: "Dott. Rossi" })],
          total: 1,
        }),
      ),
      route("GET", "/api/admin/users", () =>
        ok(AdminUserListResponse, { items: [adminUserFixture(4)], total: 1 }),
      ),
      route("GET", "/api/studies/{id}/medical-groups", () =>
        ok(MedicalGroupListResponse, { items: [], total: 0 }),
      ),
    );
    renderWithQuery(<StudyTeamPage studyId={1} studyName="Registry" currentUserId={1} readOnly={readOnly} />);
  }

  it("lists the team with no Assign, Edit or Remove", async () => {
    renderTeam(true);
    expect(await screen.findByText("Dott. Rossi")).toBeInTheDocument();
    expect(buttonNames()).toEqual([]);
    expect(screen.queryByRole("columnheader", { name: "Actions" })).not.toBeInTheDocument();
  });

  it("offers Assign, Edit and Remove while the study is open", async () => {
    renderTeam(false);
    expect(await screen.findByText("Dott. Rossi")).toBeInTheDocument();
    expect(buttonNames()).toEqual([
      "Assign User",
      "Edit role of Dott. Rossi",
      "Remove Dott. Rossi from the study",
    ]);
  });
});

describe("Medical Groups of a locked study", () => {
  function renderGroups(readOnly: boolean) {
    serveApi(
      route("GET", "/api/studies/{id}/medical-groups", () =>
        ok(MedicalGroupListResponse, { items: [medicalGroupFixture(2, { name: "Milano" })], total: 1 }),
      ),
    );
    renderWithQuery(<MedicalGroupsPage studyId={1} studyName="Registry" readOnly={readOnly} />);
  }

  it("lists the groups with no Create, Edit or Delete", async () => {
    renderGroups(true);
    expect(await screen.findByText("Milano")).toBeInTheDocument();
    expect(buttonNames()).toEqual([]);
  });

  it("offers Create, Edit and Delete while the study is open", async () => {
    renderGroups(false);
    expect(await screen.findByText("Milano")).toBeInTheDocument();
    expect(buttonNames()).toEqual(["Create Medical Group", "Edit GRP002", "Delete GRP002"]);
  });
});

describe("Homepage content of a locked study", () => {
  const block: ContentBlock = {
    id: 8,
    type: "text_block",
    title: "Welcome",
    content: { html: "<p>Welcome to the registry</p>" },
    settings: {},
    is_visible: true,
    order: 0,
    parent_id: null,
    column_index: null,
    language: null,
    children: [],
  };

  /** The page as the server gives it: `canEdit` is content.edit while the study is open. */
  function renderContent(props: { canEdit: boolean; locked: boolean }) {
    serveApi(route("GET", "/api/studies/{id}/contents", () => ok(ContentListResponse, [block])));
    renderWithQuery(<ContentPage studyId={1} studyName="Registry" {...props} />);
  }

  it("shows the blocks in both views with no Add, Hide, Edit, Delete or builder control", async () => {
    renderContent({ canEdit: false, locked: true });
    expect(await screen.findByText("Welcome")).toBeInTheDocument();
    // The study banner says why: not the sentence about superusers, who cannot edit either.
    expect(
      screen.queryByText("Read-only: only superusers can edit homepage content."),
    ).not.toBeInTheDocument();
    expect(buttonNames()).toEqual([]);
    fireEvent.click(screen.getByRole("tab", { name: "Builder View" }));
    expect(buttonNames()).toEqual([]);
  });

  it("offers them to a superuser while the study is open", async () => {
    renderContent({ canEdit: true, locked: false });
    expect(await screen.findByText("Welcome")).toBeInTheDocument();
    expect(buttonNames()).toEqual(expect.arrayContaining(["Add Block", "Edit Welcome", "Delete Welcome"]));
  });
});

describe("Study editor of a locked study", () => {
  const draftVersion = {
    id: 7,
    study_id: 5,
    version_number: 2,
    version_label: null,
    version_date: "2026-01-01",
    effective_from: "2026-01-01",
    effective_to: null,
    amendment_reason: "New score",
    config: { version: 1 },
    status: "draft",
    is_active: false,
    rejection_reason: null,
    approved_by: null,
    approved_at: null,
    created_by: 1,
    created_at: "2026-01-01T00:00:00.000Z",
    patient_count: 0,
    visit_count: 0,
  } as const;

  /** The demo configuration, with a list in every slice that has one and a logo of our own. */
  const study = (locked_at: string | null): z.input<typeof StudyResponse> => ({
    ...studySummaryFixture(5, { name: "Dermatology", locked_at }),
    config: {
      ...DEMO_STUDY_CONFIG,
      missing_codes: [{ code: "NA", label: "Not available" }],
      signatures: { meanings: [{ key: "author", label: "Author" }] },
      ui_settings: {
        ...DEMO_STUDY_CONFIG.ui_settings,
        logo_url: "/api/files/0b7e6a52-1c2d-4e5f-8a9b-0c1d2e3f4a5b",
      },
    },
  });

  function renderEditor(lockedAt: string | null) {
    serveApi(
      route("GET", "/api/studies/{id}", () => ok(StudyResponse, study(lockedAt))),
      route("GET", "/api/studies/{id}/field-usage", () => ok(FieldUsageResponse, { patient: {}, visit: {} })),
      route("GET", "/api/studies/{id}/protocol-versions", () =>
        ok(ProtocolVersionListResponse, { versions: [draftVersion], active_version_id: null }),
      ),
    );
    renderWithQuery(<StudyEditor studyId={5} canLock />);
  }

  /**
   * The buttons of the open tab that would change the study. The rest only read: the previews (a
   * form filled in the browser), the field list's links, a field's or category's Show, and Save as
   * Template (it copies fields into the platform's library, decision 0034 leaves it open). Check
   * Compatibility computes an answer and writes nothing.
   */
  function writeButtons(panel: HTMLElement) {
    const readers = new Set<Element>(
      [...panel.querySelectorAll("aside, nav")].flatMap((region) => [...region.querySelectorAll("button")]),
    );
    return within(panel)
      .queryAllByRole("button")
      .filter((button) => !readers.has(button))
      .map((button) => button.getAttribute("aria-label") ?? button.textContent ?? "")
      .filter(
        (name) => !/^(Show\b|Hide fields\b|Collapse\b|Save as Template|Check Compatibility)/.test(name),
      );
  }

  /** Inputs of the open tab that take a change, outside the previews and the fields' selection. */
  function changeableInputs(panel: HTMLElement) {
    return [...panel.querySelectorAll<HTMLInputElement>("input, select, textarea")].filter(
      (input) =>
        // A disabled fieldset disables what it holds, which the property does not say.
        !input.matches(":disabled") &&
        !input.closest("aside") &&
        !(input.type === "checkbox" && input.getAttribute("aria-label")?.startsWith("Select ")),
    );
  }

  /** Every configuration tab in turn, with its open panel (the UI Settings' Branding section too). */
  async function eachTab(visit: (name: string, panel: HTMLElement) => void) {
    const tabs = await screen.findByRole("tablist", { name: "Study configuration" });
    for (const tab of within(tabs).getAllByRole("tab")) {
      fireEvent.click(tab);
      const panel = document.getElementById(tab.getAttribute("aria-controls")!)!;
      const name = tab.textContent ?? "";
      if (name === "Data Fields") {
        // A field with a condition and an array field, opened: their editors are inside.
        fireEvent.click(await within(panel).findByRole("button", { name: /^(Show|Edit) Nail involvement$/ }));
        fireEvent.click(within(panel).getByRole("button", { name: /^(Show|Edit) Previous biologics$/ }));
      }
      if (name === "Version History") await within(panel).findByText("New score");
      if (name === "UI Settings") {
        visit(name, panel);
        fireEvent.click(within(panel).getByRole("tab", { name: "Branding" }));
        visit("UI Settings › Branding", panel);
        continue;
      }
      visit(name, panel);
    }
  }

  it("shows every tab with no Save, no add, remove, reorder or import, and inputs that take no change", async () => {
    renderEditor(LOCKED_AT);
    expect(await screen.findByRole("heading", { name: "Edit Study: Dermatology" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Save Study" })).not.toBeInTheDocument();
    // The one write a locked study takes stays, for the administrator.
    expect(screen.getByRole("button", { name: "Unlock study" })).toBeInTheDocument();
    const seen: string[] = [];
    await eachTab((name, panel) => {
      seen.push(name);
      expect({ name, buttons: writeButtons(panel) }).toEqual({ name, buttons: [] });
      expect({ name, inputs: changeableInputs(panel).length }).toEqual({ name, inputs: 0 });
      expect(panel.querySelector("input[type=file]")).toBeNull();
    });
    expect(seen).toContain("UI Settings › Branding");
    // The dictionary is still downloaded.
    fireEvent.click(screen.getByRole("tab", { name: "Data Fields" }));
    expect(screen.getByRole("link", { name: "Download data dictionary" })).toBeInTheDocument();
  });

  it("offers them on every tab while the study is open", async () => {
    renderEditor(null);
    expect(await screen.findByRole("button", { name: "Save Study" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Lock study" })).toBeInTheDocument();
    const offered = new Map<string, string[]>();
    await eachTab((name, panel) => {
      offered.set(name, writeButtons(panel));
      if (name === "Basic Info") expect(changeableInputs(panel).length).toBeGreaterThan(0);
      if (name === "UI Settings › Branding") expect(panel.querySelector("input[type=file]")).not.toBeNull();
    });
    expect(offered.get("Visit Types")).toEqual(expect.arrayContaining(["Apply Template", "Add Visit Type"]));
    expect(offered.get("Categories")).toContain("Add Category");
    expect(offered.get("Data Fields")).toEqual(
      expect.arrayContaining(["Add Field", "Templates", "Import data dictionary", "Delete Nail involvement"]),
    );
    expect(offered.get("Therapy Switch")).toContain("Add field");
    expect(offered.get("Calculations")).toContain("Add Calculation");
    expect(offered.get("UI Settings › Branding")).toContain("Remove Logo");
    expect(offered.get("Version History")).toEqual(["Create Amendment", "Approve", "Reject"]);
  });
});
