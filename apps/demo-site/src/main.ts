import { loadConfig } from './config.js';
import { publicDir } from './index.js';
import { createDemoSite } from './server.js';

const config = loadConfig(process.env);
const server = createDemoSite({
  publicDir,
  relayUrl: config.relayUrl,
  ...(config.csp === undefined ? {} : { csp: config.csp }),
});
server.on('error', (error: NodeJS.ErrnoException) => {
  // A busy port is the usual cause: say so in one line instead of an unhandled-error stack.
  const reason =
    error.code === 'EADDRINUSE' ? `port ${config.port} is already in use (set PORT)` : error.message;
  console.error(`demo-site: cannot start: ${reason}`);
  process.exit(1);
});
server.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const shown = config.host === '127.0.0.1' || config.host === '0.0.0.0' ? 'localhost' : config.host;
  console.log(`demo-site: http://${shown}:${port}/ (widget from ${config.relayUrl})`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    // Browsers hold keep-alive connections open; without this, close() would wait for them.
    server.closeAllConnections();
  });
}
