export interface DemoSiteConfig {
  port: number;
  host: string;
  relayUrl: string;
  csp?: string;
}

/** Reads the demo site's environment once; throws with a readable message on a bad value. */
export function loadConfig(env: NodeJS.ProcessEnv): DemoSiteConfig {
  const port = Number(env.PORT ?? '8080');
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const relayUrl = env.RELAY_URL ?? 'http://localhost:8787';
  let parsed: URL;
  try {
    parsed = new URL(relayUrl);
  } catch {
    throw new Error(`RELAY_URL must be an absolute URL, got "${relayUrl}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new Error('RELAY_URL must be http or https');
  const config: DemoSiteConfig = {
    port,
    host: env.HOST ?? '127.0.0.1',
    relayUrl: relayUrl.replace(/\/+$/, ''),
  };
  if (env.CSP !== undefined && env.CSP !== '') config.csp = env.CSP;
  return config;
}
