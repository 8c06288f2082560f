import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { PatientFields } from "@/components/patient-detail/patient-fields";
import { MoveGroupDialog } from "@/components/patient-detail/move-group-dialog";
import { enrolmentDate } from "@/lib/schedule/enrolment";
import { AddVisitDialog } from "@/components/visits/add-visit-dialog";
import { VisitVersionDialog } from "@/components/visits/visit-version-dialog";
import { PatientResponse } from "@/lib/schemas/patients";
import { ProtocolVersionListResponse } from "@/lib/schemas/protocol-versions";
import { invalid, ok, route, serveApi } from "@/tests/support/msw/api";
import { demoConfig, patient, visit, withQueryClient } from "./fixtures";

/** The patient page shows what was recorded (docs/decisions/0028). */

const RECORDED = {
  psoriasis_onset: "2010-03",
  psoriasis_phenotypes: ["plaque", "nail"],
  nail_involvement_notes: "Pitting on 4 nails",
  smoking_status: "former",
  diabetes: true,
  hypertension: false,
  naive_biologic: false,
  failed_biologics: true,
  biologic_history: [
    {
      drug: "adalimumab",
      start_month: "2018-01",
      end_month: "2019-06",
      discontinuation_reason: "secondary_failure",
    },
  ],
};

const dd = (name: string) => document.querySelector(`[data-field="${name}"]`)?.textContent;

describe("the patient's recorded fields", () => {
  it("shows a missing-data code given instead of a value as the code with its label (decision 0023)", () => {
    render(
      withQueryClient(
        <PatientFields
          patient={patient({ custom_fields: RECORDED, missing: { smoking_status: "ASKU" } })}
          config={demoConfig}
          missingCodes={[{ code: "ASKU", label: "Asked but unknown" }]}
        />,
      ),
    );
    expect(dd("smoking_status")).toContain("ASKU");
    expect(dd("smoking_status")).toContain("Asked but unknown");
    expect(dd("smoking_status")).not.toContain("Former smoker");
  });

  it("shows every shown field by category, values as the form words them, unanswered blank", () => {
    render(
      withQueryClient(<PatientFields patient={patient({ custom_fields: RECORDED })} config={demoConfig} />),
    );
    const demographic = screen.getByTestId("patient-fields-demographic");
    expect(
      within(demographic).getByRole("heading", { name: "Demographics & disease history" }),
    ).toBeVisible();
    expect(dd("psoriasis_onset")).toBe("Mar 2010");
    expect(dd("psoriasis_phenotypes")).toBe("Plaque, Nail");
    expect(dd("nail_involvement_notes")).toBe("Pitting on 4 nails");
    expect(dd("smoking_status")).toBe("Former smoker");
    // Booleans: SI/NO words of the patient form; an unanswered one is blank, never "No".
    expect(dd("diabetes")).toBe("Yes");
    expect(dd("hypertension")).toBe("No");
    expect(dd("oncologic")).toBe("—Not answered");
    expect(dd("hospital_record_number")).toBe("—Not answered");
    // An array as a small table with its sub-fields' labels and formatted cells.
    const table = within(screen.getByTestId("patient-fields-therapy_history")).getByRole("table");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["Drug", "Start", "End", "Reason for discontinuation", "Notes"]);
    const cells = within(table)
      .getAllByRole("cell")
      .map((td) => td.textContent);
    expect(cells.slice(1, 4)).toEqual(["Jan 2018", "Jun 2019", "Loss of response"]);
    // A field the answers hide (show_if) was never asked: left out, as in the form.
    expect(dd("other_comorbidity_details")).toBeUndefined();
    // The naive flags show once, in Patient Information.
    expect(dd("naive_biologic")).toBeUndefined();
  });

  it("reads dates and words in the reader's language", () => {
    render(
      withQueryClient(
        <PatientFields patient={patient({ custom_fields: RECORDED })} config={demoConfig} />,
        "it",
      ),
    );
    expect(dd("psoriasis_onset")).toBe("mar 2010");
    expect(dd("diabetes")).toBe("Sì");
    expect(dd("oncologic")).toBe("—Non risposto");
  });

  it("enrolment is the earliest visit's date, null before any visit", () => {
    expect(enrolmentDate([])).toBeNull();
    expect(enrolmentDate([{ visitDate: "2024-05-01" }, { visitDate: "2024-02-01" }])).toBe("2024-02-01");
  });
});

describe("calculated values in the visit dialogs", () => {
  it("the add visit dialog computes them as the user types, with the engine's reason when it cannot", async () => {
    const baseline = visit({ data_fields: { pasi_score: 20, dlqi_score: 12 } });
    render(
      withQueryClient(
        <AddVisitDialog
          open
          onClose={vi.fn()}
          patientId={7}
          config={demoConfig}
          visits={[baseline]}
          onCreated={vi.fn()}
        />,
      ),
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Visit Date *"), "2024-04-01");
    await user.selectOptions(screen.getByLabelText("Visit Type *"), "Week 12");
    await user.click(screen.getByRole("button", { name: "Yes" }));
    const region = screen.getByRole("region", { name: "Calculated values" });
    // Nothing typed yet: no value, and why.
    expect(within(region).getByTestId("calc-pasi_improvement").textContent).toMatch(/^—.+/);
    await user.type(screen.getByLabelText(/^PASI/), "4");
    await waitFor(() => expect(within(region).getByTestId("calc-pasi_improvement")).toHaveTextContent("80"));
    expect(within(region).getByTestId("calc-pasi75_achieved")).toHaveTextContent("Yes");
    await user.clear(screen.getByLabelText(/^PASI/));
    await user.type(screen.getByLabelText(/^PASI/), "10");
    await waitFor(() => expect(within(region).getByTestId("calc-pasi_improvement")).toHaveTextContent("50"));
    expect(within(region).getByTestId("calc-pasi75_achieved")).toHaveTextContent("No");
  });

  it("a first visit of the baseline type compares with its own values, as the server will", async () => {
    render(
      withQueryClient(
        <AddVisitDialog
          open
          onClose={vi.fn()}
          patientId={7}
          config={demoConfig}
          visits={[]}
          onCreated={vi.fn()}
        />,
      ),
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Visit Date *"), "2024-01-05");
    await user.selectOptions(screen.getByLabelText("Visit Type *"), "Baseline");
    await user.type(screen.getByLabelText(/^PASI/), "20");
    await waitFor(() => expect(screen.getByTestId("calc-pasi_improvement")).toHaveTextContent("0"));
  });

  it("the visit view shows the stored values", async () => {
    serveApi(
      route("GET", "/api/studies/{id}/protocol-versions", () =>
        ok(ProtocolVersionListResponse, { versions: [], active_version_id: null }),
      ),
    );
    render(
      withQueryClient(
        <VisitVersionDialog
          visit={visit({
            visit_number: 2,
            visit_type: "week_12",
            data_fields: { pasi_score: 5 },
            calculated_values: { pasi_improvement: 75, pasi75_achieved: true, pro_burden_total: null },
            calculation_notes: { pro_burden_total: "DLQI is missing" },
          })}
          studyId={1}
          currentConfig={demoConfig}
          onClose={vi.fn()}
        />,
      ),
    );
    const region = screen.getByRole("region", { name: "Calculated values" });
    expect(within(region).getByTestId("calc-pasi_improvement")).toHaveTextContent("75");
    expect(within(region).getByTestId("calc-pasi75_achieved")).toHaveTextContent("Yes");
    // Stored empty: a dash and the reason the server stored with it.
    expect(within(region).getByTestId("calc-pro_burden_total")).toHaveTextContent("—DLQI is missing");
  });
});

describe("the therapy switch in the visit view", () => {
  it("reads as the study's question and a switch's own fields, never as raw JSON", async () => {
    serveApi(
      route("GET", "/api/studies/{id}/protocol-versions", () =>
        ok(ProtocolVersionListResponse, { versions: [], active_version_id: null }),
      ),
    );
    const switchField = demoConfig.therapy_switch_config.switch_fields[0]!;
    render(
      withQueryClient(
        <VisitVersionDialog
          visit={visit({
            visit_number: 3,
            visit_type: "week_12",
            data_fields: {
              pasi_score: 9,
              therapy_switch: { is_continuing_therapy: false, [switchField.name]: "inefficacia" },
            },
          })}
          studyId={1}
          currentConfig={demoConfig}
          onClose={vi.fn()}
        />,
      ),
    );
    const section = screen.getByRole("heading", { name: "Therapy switch" }).closest("section")!;
    expect(within(section).getByText(demoConfig.therapy_switch_config.prompt_message)).toBeInTheDocument();
    expect(within(section).getByText("No")).toBeInTheDocument();
    expect(within(section).getByText(switchField.label)).toBeInTheDocument();
    expect(within(section).getByText("Lack of efficacy")).toBeInTheDocument(); // the option's label
    expect(screen.queryByText(/is_continuing_therapy/)).toBeNull();
    expect(screen.queryByText("Values outside this version's fields")).toBeNull();
  });
});

describe("moving a patient to another group", () => {
  const groups = [
    { id: 1, code: "MI", name: "Milano" },
    { id: 2, code: "RM", name: "Roma" },
  ];

  it("asks for the new group and a reason, sends the version, and shows a refusal under the group", async () => {
    const sent: unknown[] = [];
    let refuseFirst = true;
    serveApi(
      route("PUT", "/api/patients/{id}/medical-group", (call) => {
        sent.push(call.body);
        if (refuseFirst) {
          refuseFirst = false;
          return invalid({
            loc: ["body", "medical_group_id"],
            msg: "The medical group is not one of this study's groups",
          });
        }
        return ok(PatientResponse, patient({ medical_group_id: 2, version: 4 }));
      }),
    );
    const onMoved = vi.fn();
    const onClose = vi.fn();
    render(
      withQueryClient(
        <MoveGroupDialog
          patient={patient({ medical_group_id: 1, version: 3 })}
          groups={groups}
          onClose={onClose}
          onMoved={onMoved}
        />,
      ),
    );
    const user = userEvent.setup();
    const select = screen.getByLabelText("New medical group *");
    // The current group is not offered.
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Select a group", "RM — Roma"]);
    fireEvent.change(screen.getByLabelText("Reason for change *"), { target: { value: "Referred to Rome" } });
    await user.click(screen.getByRole("button", { name: "Move" }));
    expect(await screen.findByText("Choose the new medical group")).toBeVisible();
    expect(sent).toEqual([]);
    await user.selectOptions(select, "RM — Roma");
    await user.click(screen.getByRole("button", { name: "Move" }));
    expect(await screen.findByText("The medical group is not one of this study's groups")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Move" }));
    await waitFor(() => expect(onMoved).toHaveBeenCalledWith("PSO-007 moved to Roma."));
    expect(sent[1]).toEqual({ version: 3, reason: "Referred to Rome", medical_group_id: 2 });
    expect(onClose).toHaveBeenCalled();
  });
});
