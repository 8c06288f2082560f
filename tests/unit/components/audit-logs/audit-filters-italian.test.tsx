import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { AuditLogFilters } from "@/components/audit-logs/audit-log-filters";
import { EMPTY_AUDIT_FILTERS } from "@/lib/client/audit-logs";
import { AUDIT_ACTIONS } from "@/lib/schemas/audit-actions";
import { renderWithIntl } from "@/tests/support/render-with-intl";

describe("the audit log filters in Italian", () => {
  it("name every filter, action and entity type in Italian and keep the stored codes as values", () => {
    const onApply = vi.fn();
    renderWithIntl(<AuditLogFilters onApply={onApply} />, { locale: "it" });
    const form = screen.getByRole("search", { name: "Filtri del registro di audit" });
    for (const label of [
      "Cerca",
      "Azione",
      "Tipo di entità",
      "ID studio",
      "ID paziente",
      "Data di inizio",
      "Data di fine",
    ])
      expect(within(form).getByLabelText(label)).toBeInTheDocument();
    expect(within(form).getByLabelText("Cerca")).toHaveAttribute("placeholder", "Email dell'utente o entità");

    const actions = within(within(form).getByLabelText("Azione")).getAllByRole("option");
    expect(actions.map((option) => option.getAttribute("value"))).toEqual(["", ...AUDIT_ACTIONS]);
    expect(actions[0]).toHaveTextContent("Tutte le azioni");
    expect(within(form).getByRole("option", { name: "accesso negato" })).toHaveValue("access_denied");
    expect(within(form).getByRole("option", { name: "eliminazione" })).toHaveValue("delete");
    // No action is shown by its stored code.
    for (const option of actions.slice(1)) expect(option.textContent).not.toBe(option.getAttribute("value"));

    const types = within(within(form).getByLabelText("Tipo di entità")).getAllByRole("option");
    expect(types[0]).toHaveTextContent("Tutti i tipi di entità");
    expect(within(form).getByRole("option", { name: "paziente" })).toHaveValue("patient");

    expect(within(form).getByRole("button", { name: "Applica filtri" })).toBeInTheDocument();
    expect(within(form).getByRole("button", { name: "Azzera" })).toBeInTheDocument();
    fireEvent.click(within(form).getByRole("button", { name: "Sicurezza: accessi negati" }));
    expect(onApply).toHaveBeenCalledWith({ ...EMPTY_AUDIT_FILTERS, action: "access_denied" });
    expect(within(form).getByLabelText("Azione")).toHaveDisplayValue("accesso negato");

    expect(form.textContent).not.toMatch(
      /\b(Search|Action|Entity Type|Study ID|Patient ID|Start Date|End Date|Apply Filters|Clear|Security|All actions|access_denied)\b/,
    );
  });
});
