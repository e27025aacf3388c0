// Vite turns `import css from './x.css?inline'` into the minified CSS text, which we adopt as a
// constructable stylesheet (no <style> element: strict-CSP safe).
declare module '*.css?inline' {
  const css: string;
  export default css;
}

// Written in by vite.config.ts when the loader is built: the panel bundle's content-hashed file name.
interface ImportMetaEnv {
  readonly AMICUS_PANEL?: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
