// The it catalogue: one JSON file per namespace (docs/decisions/0021). Add a namespace to both
// languages' index files; tests/unit/i18n-catalogues.test.ts holds them to the same keys.
import auth from "./auth.json";
import common from "./common.json";
import csv from "./csv.json";
import layout from "./layout.json";

import type { Messages } from "@/lib/i18n/catalogue";

// Typed as the English catalogue: a namespace or key missing here does not compile.
const catalogue: Messages = { auth, common, csv, layout };
export default catalogue;
