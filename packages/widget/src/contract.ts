// The hand-off between the 2 KB loader (`widget.js`) and the lazily loaded panel (`panel.js`).
// Both are separate bundles, so only types live here: nothing in this file may emit code.

export type StorageKind = 'session' | 'local';

/** Options read once from the script tag (and `window.AmicusConfig`), resolved by the loader. */
export interface WidgetOptions {
  /** Origin of the relay: the script's own `src` origin. */
  relay: string;
  /** Directory URL the loader was served from; the panel chunk sits next to it. */
  assets: string;
  /** BCP 47 tag set as `lang` on the widget root. */
  lang: string;
  position: 'left' | 'right';
  storage: StorageKind;
  /** Open the panel on load (without moving focus: the visitor did not ask for it). */
  open: boolean;
  suggestions: string[];
  /** Overrides of any UI string, including `title`, `greeting` and `disclaimer`. */
  strings: Record<string, string>;
}

export type AmicusEventName = 'open' | 'close' | 'message' | 'error';
export type AmicusListener = (detail: unknown) => void;

/** `window.Amicus`: usable before the panel has loaded (calls are queued). */
export interface AmicusApi {
  open(): void;
  close(): void;
  ask(text: string): void;
  /** Returns a function that removes the listener. */
  on(event: AmicusEventName, fn: AmicusListener): () => void;
}

/** The raw settings the loader saw: the panel resolves them into WidgetOptions (see options.ts). */
export interface LoaderSettings {
  src: string;
  dataset: Record<string, string | undefined>;
  config: Record<string, unknown> | undefined;
  /** Already chosen by the loader (it labels the launcher). */
  lang: string;
}

/** What the loader gives the panel when it mounts. */
export interface PanelContext {
  settings: LoaderSettings;
  host: HTMLElement;
  root: ShadowRoot;
  launcher: HTMLButtonElement;
  emit(event: AmicusEventName, detail?: unknown): void;
}

export interface PanelHandle {
  /** `focus` is false when opening was not a direct, synchronous result of the visitor's action. */
  open(focus: boolean): void;
  close(): void;
  toggle(): void;
  ask(text: string, focus: boolean): void;
}

/** Resolves once the panel's shell is drawn (start-up is split over several tasks: see mount.tsx). */
export type MountPanel = (context: PanelContext) => Promise<PanelHandle>;

declare global {
  interface Window {
    Amicus?: AmicusApi;
    AmicusConfig?: Record<string, unknown>;
    /** The classic-script panel bundle hands its mount function to the loader through this hook. */
    __amicusPanel?: MountPanel;
  }
}
