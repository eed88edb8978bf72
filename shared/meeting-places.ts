import { z } from 'zod';
import { MEETING_PLACE_ADDRESS_MAX, MEETING_PLACE_NAME_MAX } from './meeting-place-limits.js';

export * from './meeting-place-limits.js';

const name = z
  .string({ error: 'name is required' })
  .trim()
  .min(1, { error: 'name is required' })
  .max(MEETING_PLACE_NAME_MAX, {
    error: `name must be at most ${MEETING_PLACE_NAME_MAX} characters`,
  });
const address = z
  .string({ error: 'address is required' })
  .trim()
  .min(1, { error: 'address is required' })
  .max(MEETING_PLACE_ADDRESS_MAX, {
    error: `address must be at most ${MEETING_PLACE_ADDRESS_MAX} characters`,
  });
const latitude = z
  .number({ error: 'latitude must be a number' })
  .min(-90, { error: 'latitude must be between -90 and 90' })
  .max(90, { error: 'latitude must be between -90 and 90' });
const longitude = z
  .number({ error: 'longitude must be a number' })
  .min(-180, { error: 'longitude must be between -180 and 180' })
  .max(180, { error: 'longitude must be between -180 and 180' });

/** POST /api/admin/meeting-places: a safe place to meet, at a point members may see. */
export const createMeetingPlaceSchema = z.object({ name, address, latitude, longitude });
export type CreateMeetingPlace = z.infer<typeof createMeetingPlaceSchema>;

/** PATCH /api/admin/meeting-places/:id: any of the fields, at least one. */
export const updateMeetingPlaceSchema = createMeetingPlaceSchema
  .partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'Nothing to change',
  });
export type UpdateMeetingPlace = z.infer<typeof updateMeetingPlaceSchema>;

export const meetingPlaceSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    address: z.string(),
    latitude: z.number(),
    longitude: z.number(),
  })
  .meta({ id: 'MeetingPlace' });
export type MeetingPlace = z.infer<typeof meetingPlaceSchema>;

/**
 * A place suggested in an offer's chat; `distanceKm` is the farther party's distance to it (the
 * order the suggestions come in), to one decimal.
 */
export const meetingPlaceSuggestionSchema = meetingPlaceSchema
  .extend({ distanceKm: z.number() })
  .meta({ id: 'MeetingPlaceSuggestion' });
export type MeetingPlaceSuggestion = z.infer<typeof meetingPlaceSuggestionSchema>;
