// The it catalogue: one JSON file per namespace (docs/decisions/0021). Add a namespace to both
// languages' index files; tests/unit/i18n-catalogues.test.ts holds them to the same keys.
import auth from "./auth.json";
import common from "./common.json";
import layout from "./layout.json";
import audit from "./audit.json";
import contents from "./contents.json";
import errors from "./errors.json";
import medicalGroups from "./medicalGroups.json";
import studies from "./studies.json";
import team from "./team.json";
import templates from "./templates.json";
import ui from "./ui.json";
import users from "./users.json";
import editor from "./editor.json";
import editorCalculations from "./editorCalculations.json";
import editorFields from "./editorFields.json";
import editorSettings from "./editorSettings.json";
import editorVersions from "./editorVersions.json";
import editorVisits from "./editorVisits.json";

import type { Messages } from "@/lib/i18n/catalogue";

// Typed as the English catalogue: a namespace or key missing here does not compile.
const catalogue: Messages = {
  auth,
  common,
  layout,
  audit,
  contents,
  errors,
  medicalGroups,
  studies,
  team,
  templates,
  ui,
  users,
  editor,
  editorCalculations,
  editorFields,
  editorSettings,
  editorVersions,
  editorVisits,
};
export default catalogue;
