import type { RelayConfig } from '../config.js';

/** The slice of the relay config the admin API and webhook receiver read. */
export interface AdminSettings {
  adminUser: string;
  adminPassword: string | undefined;
  webhookSecret: string | undefined;
  /** Origin of PUBLIC_URL, when set: the only origin allowed on state-changing admin requests. */
  publicOrigin: string | undefined;
  /** PUBLIC_URL is https: browsers reach the relay securely even where the relay itself sees plain http. */
  publicUrlIsHttps: boolean;
  maxUploadFiles: number;
  maxUploadFileBytes: number;
  /** Widget origins from the environment (read-only in the admin app). */
  configuredOrigins: string[];
}

export const CONTRACT_MAX_FILES = 20;
export const CONTRACT_MAX_FILE_BYTES = 26_214_400;

export function adminSettings(config: RelayConfig): AdminSettings {
  const publicUrl = config.publicUrl;
  return {
    adminUser: config.adminUser,
    adminPassword: config.adminPassword === '' ? undefined : config.adminPassword,
    webhookSecret: config.webhookSecret === '' ? undefined : config.webhookSecret,
    publicOrigin: publicUrl ? new URL(publicUrl).origin : undefined,
    publicUrlIsHttps: publicUrl?.startsWith('https:') ?? false,
    // The loader already bounds these; the min() keeps the contract's caps even if it ever did not.
    maxUploadFiles: Math.min(config.adminUploadMaxFiles, CONTRACT_MAX_FILES),
    maxUploadFileBytes: Math.min(config.adminUploadMaxFileBytes, CONTRACT_MAX_FILE_BYTES),
    configuredOrigins: config.allowedOrigins,
  };
}
