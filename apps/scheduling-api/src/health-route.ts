import type { RouteDef } from './http/route.js';

/** Outside the contract: lets `npm start` wait until the server answers. */
export const healthRoute: RouteDef = {
  method: 'GET',
  path: '/health',
  auth: 'none',
  body: 'none',
  handle(_ctx, _req, res) {
    res.json({ status: 'ok' });
  },
};
