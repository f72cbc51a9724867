import type { z } from 'zod';
import type { PartnerBooking, partnerAvailabilitySchema } from '@crm/shared';

export type PartnerAvailabilityAnswer = z.output<typeof partnerAvailabilitySchema>;
export type PartnerBookingAnswer = PartnerBooking;
