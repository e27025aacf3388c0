import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { AdminApi } from './api/admin-api.js';
import type { JobTracker } from './api/job-tracker.js';

export interface AppServices {
  api: AdminApi;
  tracker: JobTracker;
  username: string;
}

export const Services = createContext<AppServices | null>(null);

export function useServices(): AppServices {
  const s = useContext(Services);
  if (!s) throw new Error('useServices outside <Services.Provider>');
  return s;
}
