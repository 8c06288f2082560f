"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useFieldUsage } from "@/lib/client/field-templates";
import type { DataFieldDocument, FieldEntity, StudyConfigDocument } from "@/lib/schemas/study-config";
import type { PathIssue } from "@/lib/study-editor/data-fields";
import { CalculationsEditor } from "./calculations/calculations-editor";
import { CategoriesEditor } from "./categories/categories-editor";
import { DataDictionaryBar, type DictionaryBarProps } from "./data-dictionary/data-dictionary-bar";
import { DataFieldsEditor } from "./data-fields/data-fields-editor";
import { ReadOnlyFields } from "./editor-read-only";
import type { EditorTabKey } from "./editor-tabs";
import { FormPreview } from "./form-preview";
import { MissingCodesEditor } from "./missing-codes/missing-codes-editor";
import { PendingTabNotice } from "./pending-tab-notice";
import { SdvRequirementEditor } from "./sdv-requirement/sdv-requirement-editor";
import { SignatureSettingsEditor } from "./signature-settings/signature-settings-editor";
import { TwoFactorRolesEditor } from "./signature-settings/two-factor-roles-editor";
import { VersionHistoryTab } from "./version-history/version-history-tab";
import { TherapySwitchEditor } from "./therapy-switch/therapy-switch-editor";
import { UiSettingsEditor } from "./ui-settings/ui-settings-editor";
import { VisitTypesEditor } from "./visit-types/visit-types-editor";

type Props = {
  tab: Exclude<EditorTabKey, "basic">;
  config: StudyConfigDocument;
  onChange: (next: StudyConfigDocument) => void;
  /** Edit mode: the study whose field usage the Data Fields tab warns about. */
  studyId?: number;
  /** The data fields as last saved. */
  savedFields?: readonly DataFieldDocument[];
  /** Config issues of the last save attempt, by config path. */
  issues?: readonly PathIssue[];
  /** Changes with each failed save, to bring the first field in error into view. */
  revealIssues?: number;
  onTabChange?: (tab: EditorTabKey) => void;
  /** An amendment was approved: the study's live config changed under the editor. */
  onVersionApproved?: (config: StudyConfigDocument) => void;
  /** Edit mode: the data dictionary download and import above the Data Fields editor. */
  dictionary?: Omit<DictionaryBarProps, "studyId">;
};

/** The configuration tabs; each edits its slice of the one config document. */
export function EditorTabPanel({
  tab,
  config,
  onChange,
  studyId,
  savedFields,
  issues,
  revealIssues,
  onTabChange,
  onVersionApproved,
  dictionary,
}: Props) {
  const t = useTranslations("editor");
  // One entity for the Categories and Data Fields tabs and the preview beside them.
  const [entity, setEntity] = useState<FieldEntity>("patient");
  const usage = useFieldUsage(tab === "data-fields" ? studyId : undefined);
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
              entity={entity}
              onEntityChange={setEntity}
            />
          </div>
          <FormPreview config={config} entity={entity} onEntityChange={setEntity} />
        </div>
      );
    case "data-fields":
      return (
        <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
          <div className="min-w-0 flex-1">
            {studyId !== undefined && dictionary && <DataDictionaryBar studyId={studyId} {...dictionary} />}
            <DataFieldsEditor
              dataFields={config.data_fields}
              categories={config.categories}
              entity={entity}
              onEntityChange={setEntity}
              onChange={(data_fields) => onChange({ ...config, data_fields })}
              issues={issues}
              revealIssues={revealIssues}
              savedFields={savedFields}
              usage={usage.data}
              onGoToCategories={onTabChange && (() => onTabChange("categories"))}
            />
            {/* Inline inputs, no reading button: a locked study's are disabled as one. */}
            <ReadOnlyFields>
              <MissingCodesEditor
                codes={config.missing_codes}
                onChange={(missing_codes) => onChange({ ...config, missing_codes })}
                issues={issues}
              />
              <SdvRequirementEditor
                requirement={config.sdv_requirement}
                dataFields={config.data_fields}
                onChange={(sdv_requirement) => {
                  // Absent is "none" (decision 0031): the key goes, rather than being set to undefined.
                  const { sdv_requirement: _previous, ...rest } = config;
                  onChange(sdv_requirement === undefined ? rest : { ...rest, sdv_requirement });
                }}
              />
              <SignatureSettingsEditor
                settings={config.signatures}
                onChange={(signatures) => {
                  // Absent is every default (decision 0032): the key goes, as sdv_requirement's does.
                  const { signatures: _previous, ...rest } = config;
                  onChange(signatures === undefined ? rest : { ...rest, signatures });
                }}
                issues={issues}
              />
              <TwoFactorRolesEditor
                roles={config.two_factor_roles}
                onChange={(two_factor_roles) => {
                  // Absent is no role (decision 0033).
                  const { two_factor_roles: _previous, ...rest } = config;
                  onChange(two_factor_roles === undefined ? rest : { ...rest, two_factor_roles });
                }}
              />
            </ReadOnlyFields>
          </div>
          <FormPreview config={config} entity={entity} onEntityChange={setEntity} />
        </div>
      );
    case "therapy-switch":
      return (
        <TherapySwitchEditor
          config={config.therapy_switch_config}
          onChange={(therapy_switch_config) => onChange({ ...config, therapy_switch_config })}
        />
      );
    case "calculations":
      return (
        <CalculationsEditor
          calculations={config.calculations}
          dataFields={config.data_fields}
          visitTypes={config.visit_types}
          onChange={(calculations) => onChange({ ...config, calculations })}
        />
      );
    case "ui-settings":
      return (
        <UiSettingsEditor
          settings={config.ui_settings}
          onChange={(ui_settings) => onChange({ ...config, ui_settings })}
          studyId={studyId}
        />
      );
    case "dashboard-kpis":
      return <PendingTabNotice title={t("tabs.dashboard-kpis")} detail={t("shell.kpisDetail")} />;
    case "version-history":
      // Only saved studies have this tab (editorTabs).
      return studyId === undefined ? null : (
        <VersionHistoryTab
          studyId={studyId}
          config={config}
          onApproved={(approved) => onVersionApproved?.(approved)}
        />
      );
  }
}
