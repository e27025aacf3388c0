// Entry of the parse worker when the API runs from its TypeScript sources (vitest, tsx): plain
// Node cannot load parse-worker.ts, so tsx (a root dev dependency) compiles it. The build runs
// the compiled parse-worker.js directly and never loads this file (see isolated-parse.ts).
const { tsImport } = await import('tsx/esm/api');
await tsImport('./parse-worker.ts', import.meta.url);
