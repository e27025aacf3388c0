import type { RemoteConfig, SchedulingConformanceConfig } from './config.js';
import { call } from './http.js';
import { fetchToken, type Target } from './target.js';
import { Unavailable } from './unavailable.js';

/** The provider (or any deployed service) described by env variables. */
export function remoteTarget(config: SchedulingConformanceConfig, r: RemoteConfig): Target {
  const baseUrl = `${r.serverUrl}/v1`;
  const credentials = { clientId: r.clientId, clientSecret: r.clientSecret };
  let token: Promise<string> | null = null;
  const from = <T>(value: T | null, variable: string): Promise<T> =>
    value === null
      ? Promise.reject(new Unavailable(`needs provider-side setup: set ${variable}`))
      : Promise.resolve(value);
  const localOnly = (what: string) =>
    Promise.reject(new Unavailable(`${what}: runs only against the local implementation`));
  const target: Target = {
    kind: 'remote',
    serverUrl: r.serverUrl,
    baseUrl,
    credentials,
    config,
    url: (p) => baseUrl + p,
    token: () => {
      token ??= fetchToken(r.serverUrl, credentials);
      return token;
    },
    api: async (method, path, body) => call(baseUrl + path, method, { token: await target.token(), body }),
    revokedCredentials: () =>
      from(r.revoked, 'SCHEDULING_API_REVOKED_CLIENT_ID and SCHEDULING_API_REVOKED_CLIENT_SECRET'),
    revocableClient: () => localOnly('revoking an API client is a console action'),
    inactiveAgency: () =>
      from(
        r.inactiveAgency,
        'SCHEDULING_API_INACTIVE_CLIENT_ID and SCHEDULING_API_INACTIVE_CLIENT_SECRET',
      ).then((c) => ({ ...c, done: async () => {} })),
    shortLivedTokens: () => localOnly('the token lifetime is not shown by the contract'),
    expiredToken: () =>
      from(r.expiredToken, 'SCHEDULING_API_EXPIRED_TOKEN').then((t) => ({
        serverUrl: r.serverUrl,
        token: t,
      })),
    outbox: () => localOnly('the outbox is an extension of the local implementation'),
    close: async () => {},
  };
  return target;
}
