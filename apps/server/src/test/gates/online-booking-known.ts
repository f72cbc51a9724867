import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { onlineBookings, onlineBookingSettings } from '../../db/schema';
import { demoOnlineBooking } from '../../db/seed/demo-online-booking';

/**
 * Known values of the online-booking routes (issue 37), keyed like the other hints: the public code of
 * the tenant's primary station (a rival's station has its own), the demo's fixed manage token (of
 * «Мойка на Ленина»'s upcoming booking) and a pending data-removal request of the station.
 */
export async function onlineBookingKnownValues(
  db: Database,
  stationId: string | undefined,
): Promise<Record<string, unknown>> {
  if (!stationId) return {};
  const [settings] = await db
    .select({ code: onlineBookingSettings.code })
    .from(onlineBookingSettings)
    .where(eq(onlineBookingSettings.stationId, stationId));
  const [request] = await db
    .select({ id: onlineBookings.id })
    .from(onlineBookings)
    .where(
      and(
        eq(onlineBookings.stationId, stationId),
        isNotNull(onlineBookings.removalRequestedAt),
        isNull(onlineBookings.removedAt),
      ),
    )
    .limit(1);
  return {
    ...(settings ? { bookingcode: settings.code } : {}),
    managetoken: demoOnlineBooking.bookings.manage.token,
    ...(request ? { requestid: request.id } : {}),
  };
}
