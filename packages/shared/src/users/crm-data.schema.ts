import { z } from 'zod';
import { isoInstant } from '../time/date-fields';

/** Per-user CRM data (S1 §3, S2 §3). Every member optional: the client merges partial updates. */
export const crmDataSchema = z
  .object({
    isCloseNotificationTgBot: z.boolean(),
    hasSeenTutorial: z.boolean(),
    cookiesConsent: z.boolean(),
    stationScheduleTutorial: z.boolean(),
    pushNotifications: z
      .object({
        promptDismissedCount: z.number().int().min(0).max(100),
        lastPromptDate: isoInstant().nullable(),
        hasSeenPrompt: z.boolean(),
        contextualTriggers: z
          .object({
            firstStationCreated: z.boolean(),
            firstOrderReceived: z.boolean(),
            settingsVisited: z.boolean(),
            significantEngagement: z.boolean(),
          })
          .partial(),
        userJourney: z
          .object({
            sessionsCount: z.number().int().min(0),
            significantActionsCount: z.number().int().min(0),
            lastSignificantAction: z.string().max(100).nullable(),
          })
          .partial(),
      })
      .partial(),
  })
  .partial()
  .strict();
export type CrmData = z.infer<typeof crmDataSchema>;

export const crmDataUpdateSchema = z.object({ crm_data: crmDataSchema });
