// The pages' Content-Security-Policy has no 'unsafe-eval' (docs/web-hardening.md). Zod 4
// compiles fast object parsers with `new Function` when it may, and finds out by trying:
// the first object parse in the browser would report a violation even though zod catches
// the refusal. Without the compiler, parsing is the same, only interpreted. Imported by
// instrumentation-client.ts, which runs before any page code.
//
// Zod keeps its settings in one object on globalThis (`__zod_globalConfig`, shared by every
// copy of zod on a page) and takes an existing one when it loads. Setting the flag there
// instead of calling zod's `config()` keeps zod out of the pages that parse nothing:
// importing `config` from "zod/v4/core" brought ~15 KiB of zod (3.6 KiB brotli) to every
// page. The object is created here when zod has not loaded yet and amended when it has.
// tests/unit/no-eval.test.ts checks zod reads the flag and never builds a function.
type TZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

const zodGlobal = globalThis as TZodGlobal;
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;
