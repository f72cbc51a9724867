import type { Config } from '../config';
import type { Database } from '../db/client';
import { createGeocoder, type Geocoder } from './geocoder';
import type { IdentityProvider } from './identity';
import { createLegalRegistry, type LegalRegistry } from './legal-registry';
import { createLocalProvider } from './local-identity';
import { createTelegram, type TelegramAdapter } from './telegram';
import { createWebPush, type WebPush } from './web-push';
import { createYandexProvider } from './yandex-id';

export interface IdentityProviders {
  /** Yandex ID, when YANDEX_CLIENT_ID and YANDEX_CLIENT_SECRET are set. */
  yandex: IdentityProvider | null;
  /** The built-in demo provider (AUTH_LOCAL); it keeps its codes in the product database. */
  local: ((db: Database) => IdentityProvider) | null;
}

/** External services behind interfaces, each with a local stand-in (DESIGN §1). */
export interface Adapters {
  identity: IdentityProviders;
  /** Null without TELEGRAM_BOT_TOKEN. */
  telegram: TelegramAdapter | null;
  /** Address suggestions: GEOCODER_URL, or the built-in gazetteer. */
  geocoder: Geocoder;
  /** The INN lookup: LEGAL_REGISTRY_URL (DaData-compatible), or the built-in stand-in. */
  legalRegistry: LegalRegistry;
  /** Web Push to the push service in each subscription's endpoint. */
  webPush: WebPush;
}

export function createAdapters(config: Config): Adapters {
  return {
    identity: {
      yandex: config.yandex ? createYandexProvider(config.yandex) : null,
      local: config.authLocal ? createLocalProvider : null,
    },
    telegram: createTelegram(config.telegram),
    geocoder: createGeocoder(config),
    legalRegistry: createLegalRegistry(config),
    webPush: createWebPush(config),
  };
}
