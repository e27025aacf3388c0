import { createHmac } from 'node:crypto';

/** `X-SVC-Signature`: `t=<unix seconds>,v1=<hex HMAC-SHA256 over "<t>.<raw body>">`. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}
