import { z } from "zod";

// The pages' CSP has no 'unsafe-eval' (proxy.ts). zod probes `new Function` once to decide whether
// to compile fast object parsers; the probe's error is caught, but the browser still reports a CSP
// violation. In the browser, parse without that JIT; the server keeps it.
if (typeof window !== "undefined") z.config({ jitless: true });
