// zod compiles fast parsers with `new Function`, probing for it first: under
// the app's Content-Security-Policy (no 'unsafe-eval') that probe is a
// reported violation. Parsing without it is fast enough for form-sized data.
// zod reads its settings from this global when it loads (zod/v4/core/core.js),
// so setting it here keeps zod itself off the first page: the schemas load
// with the screens that use them, already jitless.
const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(shared.__zod_globalConfig ??= {}).jitless = true;
export {};
