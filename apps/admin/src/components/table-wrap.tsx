import type { ComponentChildren } from 'preact';

/**
 * Lets a wide table scroll sideways inside its own box on narrow screens (the page itself never
 * does, WCAG 1.4.10). The box takes keyboard focus so it can be scrolled without a mouse (2.1.1).
 */
export function TableWrap({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it.
    <section class="table-wrap" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
