import { bigserial, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Failed API calls reported by the web client (`POST /api/error`, S1 §7). */
export const clientErrorReports = pgTable('client_error_reports', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: uuid('user_id'),
  code: text('code'),
  apiUrl: text('api_url'),
  currentUrl: text('current_url'),
  requestData: jsonb('request_data'),
  responseData: jsonb('response_data'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Client log lines (`POST /api/logger`, S1 §7). */
export const clientLogs = pgTable('client_logs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: uuid('user_id'),
  level: text('level').notNull(),
  message: text('message').notNull(),
  stack: text('stack'),
  url: text('url'),
  userAgent: text('user_agent'),
  context: jsonb('context'),
  clientTimestamp: text('client_timestamp'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Rate-limit windows (sign-in, log intake, geocoder), shared by every server instance on this database
 * (DESIGN §1): key = route + client IP.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
