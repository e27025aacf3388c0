import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';

// A component from a lazily loaded chunk (court dates, feedback): nothing until the chunk has arrived.
// The chunk is fetched on first render (or by `preload`), so visitors who never need it never download it.

export type Load<P> = () => Promise<{ default: ComponentType<P> }>;

// biome-ignore lint/suspicious/noExplicitAny: one cache for parts with different props
const loaded = new Map<Load<any>, ComponentType<any>>();

/** Fetches a part ahead of its first render, so that it renders with the rest (the transcript's follow). */
export const preload = <P,>(load: Load<P>) => load().then((m) => loaded.set(load, m.default).get(load));

export function Lazy<P extends object>({ load, props }: { load: Load<P>; props: P }) {
  const [, set] = useState(0);
  const Part = loaded.get(load);
  useEffect(() => {
    if (!Part) void preload(load).then(() => set(1));
  }, []);
  return Part ? <Part {...props} /> : null;
}
