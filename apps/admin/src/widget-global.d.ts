// The part of the widget's public JS API (packages/widget/src/contract.ts, `window.Amicus`) that the
// Try it page uses. Declared here rather than imported: the widget is a separate bundle.
interface AmicusWidgetApi {
  open(): void;
  close(): void;
  ask(text: string): void;
}

interface Window {
  Amicus?: AmicusWidgetApi;
}
