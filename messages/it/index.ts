// The it catalogue: one JSON file per namespace (docs/decisions/0021). Add a namespace to both
// languages' index files; tests/unit/i18n-catalogues.test.ts holds them to the same keys.
import api from "./api.json";
import auth from "./auth.json";
import common from "./common.json";
import layout from "./layout.json";

import type { Messages } from "@/lib/i18n/catalogue";

// Typed as the English catalogue: a namespace or key missing here does not compile.
const catalogue: Messages = { api, auth, common, layout };
export default catalogue;
