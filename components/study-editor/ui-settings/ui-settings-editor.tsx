"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Tabs } from "@/components/ui/tabs";
import type { UiSettings } from "@/lib/schemas/study-config";
import { AdvancedPanel } from "./advanced-panel";
import { BrandingPanel } from "./branding-panel";
import { ColorsPanel } from "./colors-panel";
import { LayoutPanel, TypographyPanel } from "./typography-panel";
import { ReadOnlyFields } from "../editor-read-only";

type SectionKey = "colors" | "typography" | "layout" | "branding" | "advanced";

const SECTIONS: readonly SectionKey[] = ["colors", "typography", "layout", "branding", "advanced"];

export type UiSettingsEditorProps = {
  settings: UiSettings;
  /** Called with the whole new settings object; a cleared field is removed so the default applies. */
  onChange: (next: UiSettings) => void;
  /** The saved study, for the logo upload (none while creating). */
  studyId?: number;
};

/** Study editor "UI Settings" tab (spec §2): colours, typography, layout, branding and custom CSS. */
export function UiSettingsEditor({ settings, onChange, studyId }: UiSettingsEditorProps) {
  const t = useTranslations("editorSettings.sections");
  const [section, setSection] = useState<SectionKey>("colors");
  const panelProps = { settings, onChange };
  return (
    <Tabs
      tabs={SECTIONS.map((key) => ({ key, label: t(key) }))}
      active={section}
      onChange={setSection}
      label={t("label")}
    >
      <ReadOnlyFields>
        {section === "colors" && <ColorsPanel {...panelProps} />}
        {section === "typography" && <TypographyPanel {...panelProps} />}
        {section === "layout" && <LayoutPanel {...panelProps} />}
        {section === "branding" && <BrandingPanel {...panelProps} studyId={studyId} />}
        {section === "advanced" && <AdvancedPanel {...panelProps} />}
      </ReadOnlyFields>
    </Tabs>
  );
}
