import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { CalculationsEditor } from "@/components/study-editor/calculations/calculations-editor";
import { DataFieldsEditor } from "@/components/study-editor/data-fields/data-fields-editor";
import { TherapySwitchEditor } from "@/components/study-editor/therapy-switch/therapy-switch-editor";
import { UiSettingsEditor } from "@/components/study-editor/ui-settings/ui-settings-editor";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import { configIn } from "@/lib/i18n/study-config-language";
import { StudyConfigShape } from "@/lib/schemas/study-config";
import { renderWithIntl } from "@/tests/support/render-with-intl";

/** The study editor read in Italian (docs/decisions/0021): its words, never the English ones. */
// The demo study is written in one language: its texts are the plain strings the study wrote.
const demo = configIn(StudyConfigShape.parse(DEMO_STUDY_CONFIG), "it");

/** The screen's text without the study's own labels and codes, which stay as the study wrote them. */
function ownText(element: HTMLElement, studyWords: readonly string[]): string {
  let text = element.textContent ?? "";
  for (const word of [...studyWords].sort((a, b) => b.length - a.length)) text = text.split(word).join(" ");
  return text;
}

describe("the study editor in Italian", () => {
  it("Data Fields: headings, tabs, buttons and a field card in Italian", async () => {
    const user = userEvent.setup();
    renderWithIntl(
      <QueryClientProvider client={new QueryClient()}>
        <DataFieldsEditor
          dataFields={demo.data_fields}
          categories={demo.categories}
          entity="visit"
          onEntityChange={vi.fn()}
          onChange={vi.fn()}
        />
      </QueryClientProvider>,
      { locale: "it" },
    );
    const visits = demo.data_fields.filter((f) => f.entity === "visit").length;
    const patients = demo.data_fields.filter((f) => f.entity === "patient").length;
    expect(screen.getByRole("heading", { name: "Campi dati" })).toBeInTheDocument();
    expect(screen.getByText("I campi dei moduli paziente e visita.")).toBeInTheDocument();
    for (const name of ["Aggiungi campo", "Modelli", "Salva come modello"])
      expect(screen.getByRole("button", { name })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: `Campi paziente (${patients})` })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: `Campi visita (${visits})`, selected: true })).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Campi per categoria" })).toBeInTheDocument();

    const first = demo.data_fields.find((f) => f.entity === "visit")!;
    const card = screen.getByRole("listitem", { name: `Campo ${first.label}` });
    await user.click(within(card).getByRole("button", { name: `Modifica ${first.label}` }));
    for (const label of ["Etichetta", "Nome del campo", "Tipo", "Categoria", "Descrizione", "Ordine"])
      expect(within(card).getByLabelText(label)).toBeInTheDocument();
    expect(within(card).getByRole("group", { name: "Validazione" })).toHaveTextContent("Obbligatorio");
    expect(within(card).getByRole("group", { name: "Mostra se" })).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: `Comprimi ${first.label}` })).toHaveTextContent(
      "Comprimi",
    );

    const studyWords = [
      ...demo.data_fields.flatMap((f) => [f.label, f.name, f.type, ...(f.options ?? []).map((o) => o.label)]),
      ...demo.categories.map((c) => c.label),
    ];
    const rest = ownText(document.body, studyWords);
    for (const english of [
      "Data Fields",
      "Add Field",
      "Templates",
      "Save as Template",
      "Patient Fields",
      "Visit Fields",
      "Field Name",
      "Validation",
      "Required",
      "Show if",
      "Show in table",
      "Collapse",
      "Delete",
    ])
      expect(rest).not.toContain(english);
  });

  it("Calculations: the list, its types and its sentences come from the Italian catalogue", () => {
    renderWithIntl(
      <CalculationsEditor
        calculations={demo.calculations}
        dataFields={demo.data_fields}
        visitTypes={demo.visit_types}
        onChange={vi.fn()}
      />,
      { locale: "it" },
    );
    expect(screen.getByRole("heading", { name: "Calcoli" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Aggiungi calcolo" })).toBeInTheDocument();
    const item = (label: string) => within(screen.getByRole("listitem", { name: label }));
    const summary = (label: string) => item(label).getByTestId("calculation-summary");
    // The study's labels stay as it wrote them; the sentence around them is Italian.
    expect(summary("PASI improvement (%)")).toHaveTextContent(
      /^% di miglioramento di PASI rispetto a Baseline$/,
    );
    expect(summary("PASI 75 achieved")).toHaveTextContent(/^PASI improvement ≥ 75%$/);
    expect(summary("Patient-reported burden (DLQI + itch)")).toHaveTextContent(/^Somma di DLQI e Itch NRS$/);
    expect(item("PASI 75 achieved").getByText("Soglia")).toBeInTheDocument();
    expect(item("PASI improvement (%)").getByText("Percentuale di miglioramento")).toBeInTheDocument();
    expect(item("PASI 75 achieved").getByRole("button", { name: "Modifica" })).toBeInTheDocument();
    expect(item("PASI 75 achieved").getByRole("button", { name: "Elimina" })).toBeInTheDocument();
    const list = screen.getByRole("list");
    expect(list).not.toHaveTextContent(/\b(Threshold|Sum of|improvement in|since|Edit|Delete)\b/);
  });

  it("Therapy Switch and UI Settings: tab words in Italian", () => {
    renderWithIntl(
      <>
        <TherapySwitchEditor config={{ ...demo.therapy_switch_config, enabled: true }} onChange={vi.fn()} />
        <UiSettingsEditor settings={{}} onChange={vi.fn()} />
      </>,
      { locale: "it" },
    );
    expect(screen.getByRole("heading", { name: "Cambio di terapia" })).toBeInTheDocument();
    expect(screen.getByLabelText("Attiva il cambio di terapia nelle visite di follow-up")).toBeChecked();
    // The prompt is the study's text, in both languages (decision 0022).
    const prompt = screen.getByRole("group", { name: "Messaggio della domanda" });
    expect(screen.getByLabelText("Messaggio della domanda")).toBeInTheDocument();
    expect(within(prompt).getByLabelText("Italiano")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Aggiungi campo" })).toBeInTheDocument();
    const tabs = screen.getByRole("tablist", { name: "Sezioni delle impostazioni grafiche" });
    expect(
      within(tabs)
        .getAllByRole("tab")
        .map((tab) => tab.textContent),
    ).toEqual(["Colori", "Caratteri", "Layout", "Logo", "Avanzate"]);
    expect(screen.getByLabelText("Colore primario")).toBeInTheDocument();
    expect(screen.getByLabelText("Colore primario, valore esadecimale")).toBeInTheDocument();
  });
});
