import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CrmData, NotificationSettings } from '@crm/shared';

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  login: text('login').notNull().unique(),
  /** System role: user, admin, wizard, network_owner. */
  role: text('role').notNull().default('user'),
  name: text('name'),
  surname: text('surname'),
  email: text('email'),
  number: text('number'),
  defaultAvatarId: text('default_avatar_id'),
  allowPushNotifications: boolean('allow_push_notifications').notNull().default(false),
  telegramId: text('telegram_id').unique(),
  /** 'wizard' while first-time setup is pending. */
  redirectTo: text('redirect_to'),
  crmData: jsonb('crm_data')
    .$type<CrmData>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  /** Which notification goes to which channel; null = the defaults (shared `withDefaultSettings`). */
  notificationSettings: jsonb('notification_settings').$type<NotificationSettings>(),
});

/** Who a user is at an identity provider: (provider, provider user id) → user. */
export const identities = pgTable(
  'identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerUserId: text('provider_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('identities_provider_uid').on(t.provider, t.providerUserId)],
);

/** Server-side sessions; the id is the SHA-256 of the token the client holds, so a database leak is no login. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** 'web' or 'telegram'. */
    via: text('via').notNull().default('web'),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/**
 * One-time passes to one station's order stream (`POST /api/events/ticket`) for a session that has no
 * cookie to send (the Telegram mini-app: EventSource cannot send its bearer token). Opening the stream
 * deletes the row, so a ticket seen in a log or a proxy is already spent; a minute after issue it is void.
 */
export const streamTickets = pgTable(
  'stream_tickets',
  {
    /** SHA-256 of the ticket, as sessions keep their tokens. */
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    stationId: uuid('station_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('stream_tickets_expires').on(t.expiresAt)],
);

/** Single-use authorization codes issued by the built-in local provider (demo and tests). */
export const localAuthCodes = pgTable('local_auth_codes', {
  codeHash: text('code_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  redirectUri: text('redirect_uri').notNull(),
  codeChallenge: text('code_challenge'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const networks = pgTable('networks', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const memberships = pgTable(
  'memberships',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    networkId: uuid('network_id')
      .notNull()
      .references(() => networks.id, { onDelete: 'cascade' }),
    /** owner, principal, administrator, worker. */
    position: text('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.networkId] }), index('memberships_network').on(t.networkId)],
);

/**
 * Sign-ins under way: `state` (hashed) → PKCE verifier. Single-use, so a replayed callback (same state or
 * code) creates no session; the browser is bound to it by a cookie holding the state.
 */
export const oauthPending = pgTable('oauth_pending', {
  stateHash: text('state_hash').primaryKey(),
  provider: text('provider').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  carwashId: text('carwash_id'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
