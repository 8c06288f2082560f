"use client";

import type { StudyConfig } from "@/lib/schemas/study-config";
import { CategoriesEditor } from "./categories/categories-editor";
import type { EditorTabKey } from "./editor-tabs";
import { FormPreview } from "./form-preview";
import { PendingTabNotice } from "./pending-tab-notice";
import { UiSettingsEditor } from "./ui-settings/ui-settings-editor";
import { VisitTypesEditor } from "./visit-types/visit-types-editor";

type Props = {
  tab: Exclude<EditorTabKey, "basic">;
  config: StudyConfig;
  onChange: (next: StudyConfig) => void;
};

/** The configuration tabs; each edits its slice of the one config document. */
export function EditorTabPanel({ tab, config, onChange }: Props) {
  const count = (entity: "patient" | "visit") => config.data_fields.filter((f) => f.entity === entity).length;
  switch (tab) {
    case "visit-types":
      return (
        <VisitTypesEditor
          visitTypes={config.visit_types}
          onChange={(visit_types) => onChange({ ...config, visit_types })}
        />
      );
    case "categories":
      return (
        <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
          <div className="min-w-0 flex-1">
            <CategoriesEditor
              categories={config.categories}
              dataFields={config.data_fields}
              onChange={(categories, data_fields) => onChange({ ...config, categories, data_fields })}
            />
          </div>
          <FormPreview config={config} />
        </div>
      );
    case "data-fields":
      return (
        <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
          <div className="min-w-0 flex-1">
            <PendingTabNotice
              title="Data Fields"
              detail={`The field editor arrives in the next release. This study has ${count("patient")} patient fields and ${count("visit")} visit fields; they are kept as they are, shown in the live preview and in the JSON preview below.`}
            />
          </div>
          <FormPreview config={config} />
        </div>
      );
    case "therapy-switch":
      return (
        <PendingTabNotice
          title="Therapy Switch"
          detail={`The therapy switch editor arrives in the next release. Current setting: ${config.therapy_switch_config.enabled ? "enabled" : "disabled"}, ${config.therapy_switch_config.switch_fields.length} switch fields, prompt “${config.therapy_switch_config.prompt_message}”.`}
        />
      );
    case "calculations":
      return (
        <PendingTabNotice
          title="Calculations"
          detail={`The calculations editor arrives in the next release. This study has ${config.calculations.length} calculations; they are kept and run in the capture forms.`}
        />
      );
    case "ui-settings":
      return (
        <UiSettingsEditor
          settings={config.ui_settings}
          onChange={(ui_settings) => onChange({ ...config, ui_settings })}
        />
      );
    case "dashboard-kpis":
      return (
        <PendingTabNotice
          title="Dashboard KPIs"
          detail="Configurable dashboard KPIs are coming in the next phase."
        />
      );
    case "version-history":
      return (
        <PendingTabNotice
          title="Version History"
          detail="Protocol versions and amendments arrive in the next release; every save of this study is already recorded in the audit trail with its old and new values."
        />
      );
  }
}
