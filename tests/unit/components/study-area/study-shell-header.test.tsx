import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { StudyShellHeader } from "@/components/study-area/study-shell-header";
import { activeStudyLink } from "@/components/study-area/study-nav";
import { NotificationListResponse } from "@/lib/schemas/notifications";
import { ok, route, serveApi } from "@/tests/support/msw/api";
import { renderWithIntl } from "@/tests/support/render-with-intl";

const navigation = vi.hoisted(() => ({ pathname: "/" }));
vi.mock("next/navigation", () => ({
  usePathname: () => navigation.pathname,
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn() }),
  useSearchParams: () => new URLSearchParams(),
}));

afterEach(() => {
  navigation.pathname = "/";
});

function renderHeaderAt(pathname: string, showImport = false) {
  navigation.pathname = pathname;
  // The header's inbox (decision 0031) asks for the reader's notifications.
  serveApi(
    route("GET", "/api/notifications", () =>
      ok(NotificationListResponse, { items: [], next_cursor: null, unread: 0 }),
    ),
  );
  renderWithIntl(
    <StudyShellHeader
      code="psoriasis"
      name="Psoriasis Registry"
      disease="Psoriasis"
      fullName="Ada"
      showAdmin
      showImport={showImport}
      logo={{}}
    />,
  );
  return within(screen.getByRole("navigation", { name: "Study" }));
}

describe("study header: the active page", () => {
  it.each([
    ["/psoriasis", "Dashboard", "page"],
    ["/psoriasis/patients", "Patients", "page"],
    ["/psoriasis/queries", "Queries", "page"],
    ["/psoriasis/sdv", "Source verification", "page"],
    ["/psoriasis/export", "Export", "page"],
    // A patient's page belongs to Patients without being it.
    ["/psoriasis/patients/12", "Patients", "true"],
    // `/patients?study=psoriasis` and a study subdomain carry no code in the path.
    ["/patients", "Patients", "page"],
    ["/", "Dashboard", "page"],
  ])("at %s marks %s (aria-current=%s) and only it, visibly", (pathname, current, value) => {
    const nav = renderHeaderAt(pathname);
    for (const name of ["Dashboard", "Patients", "Queries", "Source verification", "Export", "Admin"]) {
      const link = nav.getByRole("link", { name });
      if (name === current) {
        expect(link).toHaveAttribute("aria-current", value);
        expect(link).toHaveClass("font-semibold", "underline", "bg-black/5");
      } else {
        expect(link).not.toHaveAttribute("aria-current");
        expect(link).not.toHaveClass("underline");
      }
    }
  });

  it("links Queries (decision 0030) and Source verification (0031) to their pages, between Patients and Export", () => {
    const nav = renderHeaderAt("/psoriasis");
    expect(nav.getByRole("link", { name: "Queries" })).toHaveAttribute("href", "/psoriasis/queries");
    expect(nav.getByRole("link", { name: "Source verification" })).toHaveAttribute("href", "/psoriasis/sdv");
    expect(nav.getAllByRole("link").map((link) => link.textContent)).toEqual([
      "Dashboard",
      "Patients",
      "Queries",
      "Source verification",
      "Export",
      "Admin",
    ]);
  });

  it("links Import (decision 0037) after Export only for those who may import, and marks it there", () => {
    expect(renderHeaderAt("/psoriasis").queryByRole("link", { name: "Import" })).toBeNull();
    cleanup();
    const nav = renderHeaderAt("/psoriasis/imports", true);
    const link = nav.getByRole("link", { name: "Import" });
    expect(link).toHaveAttribute("href", "/psoriasis/imports");
    expect(link).toHaveAttribute("aria-current", "page");
    expect(nav.getByRole("link", { name: "Export" })).not.toHaveAttribute("aria-current");
    expect(nav.getAllByRole("link").map((l) => l.textContent)).toEqual([
      "Dashboard",
      "Patients",
      "Queries",
      "Source verification",
      "Export",
      "Import",
      "Admin",
    ]);
  });

  it("reads a percent-encoded code and leaves unknown study paths unmarked", () => {
    expect(activeStudyLink("/my%2Dstudy/export", "my-study")).toEqual({ section: "export", exact: true });
    expect(activeStudyLink("/psoriasis/unknown", "psoriasis")).toBeNull();
    expect(activeStudyLink("/other/patients", "psoriasis")).toBeNull();
  });
});
