// Host-page effects of the open panel, done without inline styles or <style> elements so they work
// under `style-src 'self'`: constructable stylesheets are not subject to CSP's style-src.

const LOCK = '@media (max-width:639.98px),(max-height:520px){html,body{overflow:hidden!important}}';
let lockSheet: CSSStyleSheet | undefined;

/** Locks the host page's scrolling behind the full-screen sheet (only in sheet mode: see the media query). */
export function lockPageScroll(on: boolean): void {
  if (!lockSheet) {
    lockSheet = new CSSStyleSheet();
    lockSheet.replaceSync(LOCK);
  }
  const others = document.adoptedStyleSheets.filter((s) => s !== lockSheet);
  document.adoptedStyleSheets = on ? [...others, lockSheet] : others;
}

/**
 * Sizes the sheet to the visual viewport, so the on-screen keyboard never covers the input
 * (`100dvh` alone ignores the keyboard on iOS). Called at start-up and kept for the page's life (the
 * panel is invisible while closed), so that opening the panel changes no custom property: a change on
 * `:host` restyles every element of the panel, in the visitor's task.
 */
export function trackVisualViewport(root: ShadowRoot): void {
  const vv = window.visualViewport;
  if (!vv) return;
  const sheet = new CSSStyleSheet();
  const update = () => sheet.replaceSync(`:host{--amicus-vh:${vv.height}px;--amicus-vt:${vv.offsetTop}px}`);
  update();
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  vv.addEventListener('resize', update);
  vv.addEventListener('scroll', update);
}
