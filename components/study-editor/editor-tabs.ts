/** The editor's tabs in the spec's order (§2); Version History exists only for saved studies. */
export const EDITOR_TABS = [
  { key: "basic", label: "Basic Info" },
  { key: "visit-types", label: "Visit Types" },
  { key: "categories", label: "Categories" },
  { key: "data-fields", label: "Data Fields" },
  { key: "therapy-switch", label: "Therapy Switch" },
  { key: "calculations", label: "Calculations" },
  { key: "ui-settings", label: "UI Settings" },
  { key: "dashboard-kpis", label: "Dashboard KPIs" },
  { key: "version-history", label: "Version History" },
] as const;

export type EditorTabKey = (typeof EDITOR_TABS)[number]["key"];

export function editorTabs(isCreate: boolean) {
  return EDITOR_TABS.filter((tab) => !(isCreate && tab.key === "version-history"));
}
