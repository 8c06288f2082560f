/**
 * The editor's tabs in the spec's order (§2); Version History exists only for saved studies. Their
 * names are the catalogue's `editor.tabs.<key>` (docs/decisions/0021).
 */
export const EDITOR_TABS = [
  { key: "basic" },
  { key: "visit-types" },
  { key: "categories" },
  { key: "data-fields" },
  { key: "therapy-switch" },
  { key: "calculations" },
  { key: "ui-settings" },
  { key: "dashboard-kpis" },
  { key: "version-history" },
] as const;

export type EditorTabKey = (typeof EDITOR_TABS)[number]["key"];

export function editorTabs(isCreate: boolean) {
  return EDITOR_TABS.filter((tab) => !(isCreate && tab.key === "version-history"));
}
