// Vite turns `import css from './x.css?inline'` into the minified CSS text, which we adopt as a
// constructable stylesheet (no <style> element: strict-CSP safe).
declare module '*.css?inline' {
  const css: string;
  export default css;
}
