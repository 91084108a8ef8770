import { config } from "zod/v4/core";

// The pages' Content-Security-Policy has no 'unsafe-eval' (docs/web-hardening.md). Zod 4
// compiles fast object parsers with `new Function` when it may, and finds out by trying:
// the first object parse in the browser would report a violation even though zod catches
// the refusal. Without the compiler, parsing is the same, only interpreted. Imported by
// instrumentation-client.ts, which runs before any page code.
config({ jitless: true });
