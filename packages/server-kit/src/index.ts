export { type Db, type Migration, openDatabase } from './open-database.js';
export { type ReadBodyOptions, readBody } from './read-body.js';
export {
  nodeProcess,
  type ProcessPort,
  type RunServerOptions,
  runServer,
  type ServerConfig,
  type ServerLogger,
  type StartedServer,
} from './run-server.js';
