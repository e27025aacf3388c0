import type { AppDeps } from '../deps.js';
import type { RouteDef } from '../http/route.js';
import { agencyOf } from './agency.js';

/**
 * `GET /settings`. The contract does not show the settings record; these are the fields a caller needs
 * to interpret this service's answers (time zone, sender addresses, defaults, the send_now switches).
 * `agency` / `agency_reference` may be sent; an agency that is not found falls back to the default one,
 * as the contract says, and this service has only its default agency.
 */
export function createSettingsRoute({ db }: AppDeps): RouteDef {
  return {
    method: 'GET',
    path: '/v1/settings',
    auth: 'token',
    body: 'none',
    handle(_ctx, _req, res) {
      const a = agencyOf(db);
      res.json({
        uuid: a.uuid,
        name: a.name,
        agency_reference: a.agency_reference,
        timezone: a.timezone,
        phone: a.phone,
        email: a.email,
        default_flow: a.default_flow,
        default_location: a.default_location,
        default_portal: a.default_portal,
        default_judge: a.default_judge,
        default_message_delay: a.default_message_delay,
        send_immediately: a.send_immediately === 1,
      });
    },
  };
}
