import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { UsersPage } from "@/components/admin-users/users-page";
import { SignInHistoryResponse } from "@/lib/schemas/two-factor";
import { AdminUserListResponse } from "@/lib/schemas/users";
import { ok, route, serveApi } from "@/tests/support/msw/api";
import { adminUserFixture } from "@/tests/support/msw/fixtures";
import { IntlWrapper } from "@/tests/support/render-with-intl";
import { renderWithQuery } from "../study-area/render-with-query";

/** English words of this screen that must not show through in Italian (whole words). */
const ENGLISH =
  /\b(Users|Create User|Search by|All roles|Role|Status|Last login|Last sign-in|Two-factor|Never|On|Off|Sign-in|Identity|Reset|Close|Active|Inactive|Previous|Next|Edit|Deactivate|Loading|Full name|Password|Cancel|Create|Update|Page|of)\b/;

/** Everything a person reads or hears: the text, and the labels and placeholders of the controls. */
function readable(root: HTMLElement): string {
  const attributes = [...root.querySelectorAll("[aria-label],[placeholder],[title]")].flatMap((element) =>
    ["aria-label", "placeholder", "title"].map((name) => element.getAttribute(name) ?? ""),
  );
  return [root.textContent ?? "", ...attributes].join("\n");
}

function renderItalian() {
  serveApi(
    route("GET", "/api/admin/users", () =>
      ok(AdminUserListResponse, {
        items: [adminUserFixture(4, { full_name: "Dott. Bianchi", role_level: "admin" })],
        total: 1,
      }),
    ),
  );
  renderWithQuery(
    <IntlWrapper locale="it">
      <UsersPage currentUserId={1} canManageAdmins />
    </IntlWrapper>,
  );
  return userEvent.setup();
}

describe("the Users page in Italian", () => {
  it("speaks Italian throughout: heading, filters, table, role level, status and pagination", async () => {
    renderItalian();
    expect(screen.getByRole("heading", { name: "Utenti" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Crea utente" })).toBeInTheDocument();
    expect(screen.getByLabelText("Cerca")).toHaveAttribute("placeholder", "Cerca per email o nome");
    const roles = within(screen.getByLabelText("Ruolo")).getAllByRole("option");
    expect(roles.map((option) => option.textContent)).toEqual([
      "Tutti i ruoli",
      "Superamministratore",
      "Amministratore",
      "Utente",
    ]);
    // The stored codes stay the option values.
    expect(roles.map((option) => option.getAttribute("value"))).toEqual(["", "superadmin", "admin", "user"]);

    const row = (await screen.findByText("Dott. Bianchi")).closest("tr")!;
    expect(within(row).getAllByText("Amministratore").length).toBeGreaterThan(0);
    expect(within(row).getByText("Attivo")).toBeInTheDocument();
    expect(within(row).getByText("Mai")).toBeInTheDocument();
    expect(within(row).getByRole("button", { name: "Modifica Dott. Bianchi" })).toHaveTextContent("Modifica");
    expect(within(row).getByRole("button", { name: "Disattiva Dott. Bianchi" })).toHaveTextContent(
      "Disattiva",
    );
    const headers = screen.getAllByRole("columnheader").map((header) => header.textContent);
    expect(headers).toEqual([
      "Nome",
      "Email",
      "Ruolo",
      "Stato",
      "Ultimo accesso",
      "Doppio fattore",
      "Azioni",
    ]);
    expect(within(row).getByText("Non attivo")).toBeInTheDocument();
    const pagination = screen.getByRole("navigation", { name: "Paginazione" });
    expect(pagination).toHaveTextContent("1 utente · Pagina 1 di 1");
    expect(within(pagination).getByRole("button", { name: "Precedente" })).toBeDisabled();
    expect(within(pagination).getByRole("button", { name: "Successiva" })).toBeDisabled();

    expect(readable(document.body)).not.toMatch(ENGLISH);
  });

  it("opens the Create dialog in Italian", async () => {
    const user = renderItalian();
    await waitFor(() => expect(screen.getByText("Dott. Bianchi")).toBeInTheDocument());
    await user.click(screen.getByRole("button", { name: "Crea utente" }));
    const dialog = screen.getByRole("dialog", { name: "Crea utente" });
    expect(within(dialog).getByLabelText("Nome e cognome")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Password")).toHaveAccessibleDescription(
      "Almeno 8 caratteri, non una password di uso comune.",
    );
    expect(within(dialog).getByLabelText("Livello del ruolo")).toHaveDisplayValue("Utente");
    expect(within(dialog).getByRole("button", { name: "Annulla" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Crea" })).toBeInTheDocument();
    expect(readable(dialog)).not.toMatch(ENGLISH);
  });

  it("opens a user's account controls in Italian", async () => {
    serveApi(
      route("GET", "/api/admin/users", () =>
        ok(AdminUserListResponse, {
          items: [adminUserFixture(4, { full_name: "Dott. Bianchi", totp_enabled: true })],
          total: 1,
        }),
      ),
      route("GET", "/api/admin/users/{id}/sign-ins", () =>
        ok(SignInHistoryResponse, {
          items: [{ at: "2026-03-09T10:05:07.000Z", ip_address: "203.0.113.7", success: true, reason: null }],
        }),
      ),
    );
    renderWithQuery(
      <IntlWrapper locale="it">
        <UsersPage currentUserId={1} canManageAdmins />
      </IntlWrapper>,
    );
    const user = userEvent.setup();
    const row = (await screen.findByText("Dott. Bianchi")).closest("tr")!;
    await user.click(within(row).getByRole("button", { name: "Controlli dell'account di Dott. Bianchi" }));
    const dialog = screen.getByRole("dialog", { name: "Account di Dott. Bianchi" });
    expect(within(dialog).getByRole("heading", { name: "Accesso a due fattori" })).toBeInTheDocument();
    expect(within(dialog).getByRole("heading", { name: "Verifica dell'identità" })).toBeInTheDocument();
    expect(within(dialog).getByRole("heading", { name: "Cronologia degli accessi" })).toBeInTheDocument();
    expect(await within(dialog).findByText("Riuscito")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Come è stata verificata l'identità")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Reimposta l'accesso a due fattori" }));
    expect(within(dialog).getByRole("button", { name: "Sì, reimposta" })).toBeInTheDocument();
    expect(readable(dialog)).not.toMatch(ENGLISH);
  });
});
