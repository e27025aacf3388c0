// `@amicus/contract/node`: the parts of the contract that need Node (HMAC via node:crypto). The main
// entry stays free of Node APIs so the admin SPA can bundle it.
export { signWebhook, verifyWebhookSignature, webhookHmac } from './node/webhook-hmac.js';
