// The en catalogue: one JSON file per namespace (docs/decisions/0021). Add a namespace to both
// languages' index files; tests/unit/i18n-catalogues.test.ts holds them to the same keys.
import auth from "./auth.json";
import common from "./common.json";
import layout from "./layout.json";
import editor from "./editor.json";
import editorCalculations from "./editorCalculations.json";
import editorFields from "./editorFields.json";
import editorSettings from "./editorSettings.json";
import editorVersions from "./editorVersions.json";
import editorVisits from "./editorVisits.json";

const catalogue = {
  auth,
  common,
  layout,
  editor,
  editorCalculations,
  editorFields,
  editorSettings,
  editorVersions,
  editorVisits,
};
export default catalogue;
