import { ConfigError, loadConfig } from './config.js';
import { startRelay } from './runtime.js';

// The only module that reads process.env: configuration is read once, here, and passed down.
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

const relay = await startRelay(config);
relay.deps.logger.info({ url: relay.url }, 'relay listening');
process.stdout.write(`Amicus relay listening on ${relay.url}\n`);
if (relay.adminPasswordFile) {
  // Only the path: stdout ends up in logs, and the password must not. The database keeps only its hash.
  process.stdout.write(
    `Admin sign-in: user "${config.admin.user}", generated password in ${relay.adminPasswordFile} (readable by this user only; set ADMIN_PASSWORD to choose your own)\n`,
  );
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    relay.deps.logger.info({ signal }, 'shutting down');
    relay.close().then(
      () => process.exit(0),
      (error: unknown) => {
        relay.deps.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
