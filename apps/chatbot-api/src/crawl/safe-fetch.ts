import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { type HostAllowlist, ipLiteral, isLocalName, isPublicAddress } from './address-policy.js';

/** A failure with a message safe to show staff (never a library's text, which may hold addresses). */
export class FetchError extends Error {
  override readonly name = 'FetchError';
}

export interface SafeFetchOptions {
  allowlist: HostAllowlist;
  /** Largest body accepted, after decompression. */
  maxBytes: number;
  /** Whole request, redirects included. */
  timeoutMs: number;
  maxRedirects?: number;
  userAgent: string;
  signal?: AbortSignal;
  /** Each redirect target must pass this too (the crawler's allowed domains). */
  allowRedirect?: (url: URL) => boolean;
}

export interface SafeResponse {
  url: URL;
  status: number;
  contentType: string;
  body: Buffer;
}

/**
 * GET that only ever talks to public unicast addresses (or an operator-allowlisted host). Names are
 * resolved by us, and the socket connects to the address we checked (no second resolution for
 * DNS rebinding to exploit); the connected peer is checked once more. Every redirect hop goes
 * through the same checks, up to `maxRedirects`. The body is capped while it streams.
 */
export async function safeGet(input: URL, options: SafeFetchOptions): Promise<SafeResponse> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  let url = input;
  for (let hop = 0; ; hop++) {
    const res = await requestOnce(url, options, signal);
    if (res.status >= 300 && res.status < 400 && res.location !== null) {
      if (hop >= (options.maxRedirects ?? 5)) throw new FetchError('too many redirects');
      let next: URL;
      try {
        next = new URL(res.location, url);
      } catch {
        throw new FetchError('invalid redirect target');
      }
      if (next.protocol !== 'http:' && next.protocol !== 'https:')
        throw new FetchError('redirect to a non-HTTP URL');
      if (options.allowRedirect && !options.allowRedirect(next))
        throw new FetchError('redirect outside the allowed domains');
      url = next;
      continue;
    }
    return { url, status: res.status, contentType: res.contentType, body: res.body };
  }
}

/** Refuses a URL whose host is written as a non-public IP or a local-only name (before any DNS). */
export function checkHost(url: URL, allowlist: HostAllowlist): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FetchError('only http and https URLs can be crawled');
  if (allowlist.allows(url)) return;
  const ip = ipLiteral(url);
  if (ip !== null ? !isPublicAddress(ip) : isLocalName(url.hostname))
    throw new FetchError('blocked: the address is not public');
}

/** DNS resolution that fails when any address of the name is not public. */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(
    hostname,
    { family: options.family ?? 0, hints: options.hints ?? 0, all: true },
    (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address))) {
        const blocked = Object.assign(new Error('blocked'), { code: 'EBLOCKED' });
        return callback(blocked, '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    },
  );
};

interface RawResponse {
  status: number;
  location: string | null;
  contentType: string;
  body: Buffer;
}

function requestOnce(url: URL, options: SafeFetchOptions, signal: AbortSignal): Promise<RawResponse> {
  checkHost(url, options.allowlist);
  const allowlisted = options.allowlist.allows(url);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<RawResponse>((resolve, reject) => {
    const fail = (message: string) => reject(new FetchError(message));
    if (signal.aborted) return fail(abortMessage(signal));
    const req = client.request(url, {
      method: 'GET',
      headers: { 'user-agent': options.userAgent, accept: '*/*', 'accept-encoding': 'gzip, deflate, br' },
      // Allowlisted hosts (tests, the demo) may resolve to loopback; everything else resolves here.
      ...(allowlisted ? {} : { lookup: publicOnlyLookup }),
      agent: false,
      signal,
    });
    req.on('socket', (socket) => {
      socket.once('connect', () => {
        if (!allowlisted && !isPublicAddress(socket.remoteAddress ?? '')) {
          req.destroy(new FetchError('blocked: the address is not public'));
        }
      });
    });
    req.on('error', (err) => {
      if (err instanceof FetchError) return reject(err);
      if (signal.aborted) return fail(abortMessage(signal));
      if ((err as { code?: string }).code === 'EBLOCKED') return fail('blocked: the address is not public');
      if ((err as { code?: string }).code === 'ENOTFOUND') return fail('the host name could not be resolved');
      fail('connection failed');
    });
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      const location = typeof res.headers.location === 'string' ? res.headers.location : null;
      const contentType = String(res.headers['content-type'] ?? '').toLowerCase();
      if (status >= 300 && status < 400 && location !== null) {
        res.resume();
        return resolve({ status, location, contentType, body: Buffer.alloc(0) });
      }
      const encoding = String(res.headers['content-encoding'] ?? '').toLowerCase();
      const declared = Number(res.headers['content-length'] ?? 0);
      if (encoding === '' && declared > options.maxBytes) {
        res.destroy();
        return fail('response too large');
      }
      const stream =
        encoding === 'gzip'
          ? res.pipe(createGunzip())
          : encoding === 'deflate'
            ? res.pipe(createInflate())
            : encoding === 'br'
              ? res.pipe(createBrotliDecompress())
              : res;
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) {
          res.destroy();
          stream.destroy();
          fail('response too large');
          return;
        }
        chunks.push(chunk);
      });
      stream.on('end', () => resolve({ status, location, contentType, body: Buffer.concat(chunks) }));
      stream.on('error', () =>
        fail(signal.aborted ? abortMessage(signal) : 'the response could not be read'),
      );
      res.on('error', () => fail(signal.aborted ? abortMessage(signal) : 'connection failed'));
    });
    req.end();
  });
}

function abortMessage(signal: AbortSignal): string {
  return (signal.reason as Error | undefined)?.name === 'TimeoutError' ? 'timed out' : 'cancelled';
}
