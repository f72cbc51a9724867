import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';
import { stations } from './stations';

/**
 * Invitation links to join a station's network (S1 §2 `/stationAdminCallback/{stationId}`, DESIGN §10).
 * Only the SHA-256 of the token is stored, so a database leak hands out no invitations. Single-use: the
 * row records who joined with it and when, in the same transaction as the membership.
 */
export const stationInvitations = pgTable(
  'station_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** The position the invitation grants: worker, administrator or principal. */
    position: text('position').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedBy: uuid('used_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('station_invitations_station').on(t.stationId, t.expiresAt)],
);
