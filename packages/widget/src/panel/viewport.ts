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
 * (`100dvh` alone ignores the keyboard on iOS). Returns a function that stops tracking.
 */
export function trackVisualViewport(root: ShadowRoot): () => void {
  const vv = window.visualViewport;
  if (!vv) return () => {};
  const sheet = new CSSStyleSheet();
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  const update = () => sheet.replaceSync(`:host{--amicus-vh:${vv.height}px;--amicus-vt:${vv.offsetTop}px}`);
  update();
  vv.addEventListener('resize', update);
  vv.addEventListener('scroll', update);
  return () => {
    vv.removeEventListener('resize', update);
    vv.removeEventListener('scroll', update);
    root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== sheet);
  };
}
