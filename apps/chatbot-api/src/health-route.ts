import type { RouteDef } from './http/route.js';

export const healthRoute: RouteDef = {
  method: 'GET',
  path: '/health',
  scope: null,
  body: 'none',
  handle(_ctx, _req, res) {
    res.json({ status: 'ok' });
  },
};
