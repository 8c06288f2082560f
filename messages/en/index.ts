// The en catalogue: one JSON file per namespace (docs/decisions/0021). Add a namespace to both
// languages' index files; tests/unit/i18n-catalogues.test.ts holds them to the same keys.
import auth from "./auth.json";
import common from "./common.json";
import exportNs from "./export.json";
import forms from "./forms.json";
import layout from "./layout.json";
import patients from "./patients.json";
import studyArea from "./studyArea.json";
import visits from "./visits.json";

const catalogue = { auth, common, layout, patients, visits, forms, studyArea, export: exportNs };
export default catalogue;
