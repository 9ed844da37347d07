// Plaid Link's browser script, loaded once from the runtime config's `plaidLinkScriptUrl` (Plaid's CDN
// in the cloud, the local Plaid sandbox's stand-in locally: same `Plaid.create` API), and its types.
import { getAppConfig } from '../../../config/app-config.ts';

export interface PlaidLinkError {
  error_type: string;
  error_code: string;
  error_message: string;
  display_message: string | null;
}

export interface PlaidLinkSuccessMetadata {
  institution: { name: string; institution_id: string } | null;
  accounts: Array<{ id: string; name: string; mask: string | null; type: string; subtype: string | null }>;
  link_session_id: string;
}

export interface PlaidLinkExitMetadata {
  institution: { name: string; institution_id: string } | null;
  status: string | null;
  link_session_id: string;
  request_id: string;
}

export interface PlaidLinkConfig {
  token: string;
  onSuccess: (publicToken: string, metadata: PlaidLinkSuccessMetadata) => void;
  onExit?: (error: PlaidLinkError | null, metadata: PlaidLinkExitMetadata) => void;
  onEvent?: (eventName: string, metadata: Record<string, unknown>) => void;
  onLoad?: () => void;
  receivedRedirectUri?: string;
}

export interface PlaidLinkHandler {
  open: () => void;
  exit: (options?: { force?: boolean }) => void;
  destroy: () => void;
}

interface PlaidGlobal {
  create: (config: PlaidLinkConfig) => PlaidLinkHandler;
}

declare global {
  interface Window {
    Plaid?: PlaidGlobal;
  }
}

export class PlaidLinkLoadError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PlaidLinkLoadError';
  }
}

let loading: Promise<PlaidGlobal> | null = null;

/** Injects the Link script once per page; later calls share the same load. A failed load can be retried. */
export function loadPlaidLink(url: string = getAppConfig().plaidLinkScriptUrl): Promise<PlaidGlobal> {
  if (window.Plaid) return Promise.resolve(window.Plaid);
  if (loading) return loading;
  loading = new Promise<PlaidGlobal>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.dataset.plaidLink = 'true';
    script.addEventListener('load', () => {
      if (window.Plaid) resolve(window.Plaid);
      else reject(new PlaidLinkLoadError('The Plaid Link script loaded but defined no Plaid'));
    });
    script.addEventListener('error', () => {
      script.remove();
      reject(new PlaidLinkLoadError(`Could not load the Plaid Link script from ${url}`));
    });
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
