import { BlockList, isIP } from 'node:net';

/*
 * Which addresses the crawler may connect to: public unicast only. Hosts are compared after the
 * WHATWG URL parser has canonicalised them, which already turns every IPv4 spelling (decimal
 * `2130706433`, hex `0x7f000001`, octal `0177.0.0.1`, short `127.1`) into dotted quads and
 * IPv6 into its compressed form; IPv4 embedded in IPv6 (mapped, compatible, NAT64, 6to4) is
 * checked as the IPv4 address it carries.
 */

const blockedV4 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const) {
  blockedV4.addSubnet(net, prefix, 'ipv4');
}

const blockedV6 = new BlockList();
for (const [net, prefix] of [
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID, ...)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blockedV6.addSubnet(net, prefix, 'ipv6');
}

/** Whether an IP address (v4 or v6, no brackets) is public unicast. Anything unparsable is not. */
export function isPublicAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const version = isIP(ip);
  if (version === 4) return !blockedV4.check(ip, 'ipv4');
  if (version !== 6) return false;
  const embedded = embeddedV4(ip);
  if (embedded !== null) return isPublicAddress(embedded);
  // Global unicast is 2000::/3; everything else (::, ::1, unspecified, reserved) is not public.
  const first = Number.parseInt(expandV6(ip)[0] ?? '0', 16);
  if ((first & 0xe000) !== 0x2000) return false;
  return !blockedV6.check(ip, 'ipv6');
}

/** IPv4 carried inside an IPv6 address: ::ffff:a.b.c.d, ::a.b.c.d, 64:ff9b::/96, 2002::/16 (6to4). */
function embeddedV4(ip: string): string | null {
  const g = expandV6(ip).map((h) => Number.parseInt(h, 16));
  if (g.length !== 8) return null;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && (g[5] === 0xffff || g[5] === 0) && !(g[5] === 0 && zeros(6, 8))) {
    // ::1 is loopback, not the IPv4-compatible 0.0.0.1; both are non-public anyway.
    return v4(g[6]!, g[7]!);
  }
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return v4(g[6]!, g[7]!);
  if (g[0] === 0x2002) return v4(g[1]!, g[2]!);
  return null;
}

function expandV6(ip: string): string[] {
  let s = ip.toLowerCase();
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (v4) {
    const [a, b, c, d] = v4[1]!.split('.').map(Number) as [number, number, number, number];
    s = `${s.slice(0, -v4[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = s.split('::') as [string, string | undefined];
  const h = head ? head.split(':') : [];
  if (tail === undefined) return h;
  const t = tail ? tail.split(':') : [];
  return [...h, ...Array(Math.max(0, 8 - h.length - t.length)).fill('0'), ...t];
}

/** The operator allowlist (CRAWL_ALLOW_HOSTS): `host` (any port) or `host:port`, canonicalised like URLs. */
export class HostAllowlist {
  private readonly entries: { host: string; port: string | null }[];

  constructor(hosts: readonly string[]) {
    this.entries = hosts.flatMap((h) => {
      try {
        const u = new URL(`http://${h}`);
        return [{ host: stripDot(u.hostname), port: /:\d+$/.test(h) ? effectivePort(u) : null }];
      } catch {
        return [];
      }
    });
  }

  allows(url: URL): boolean {
    const host = stripDot(url.hostname);
    const port = effectivePort(url);
    return this.entries.some((e) => e.host === host && (e.port === null || e.port === port));
  }
}

export function stripDot(host: string): string {
  return host.toLowerCase().replace(/\.$/, '');
}

export function effectivePort(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

/** A host written as an IP literal, without brackets; null for a name. */
export function ipLiteral(url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) ? host : null;
}

/** Names that always mean this machine or the local network, whatever DNS says. */
export function isLocalName(host: string): boolean {
  const h = stripDot(host);
  return (
    h === 'localhost' ||
    h.endsWith('.localhost') ||
    h.endsWith('.local') ||
    h.endsWith('.internal') ||
    !h.includes('.')
  );
}
