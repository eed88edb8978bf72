import { useQuery } from '@tanstack/react-query';
import type { CreateMeetingPlace, MeetingPlace } from '../../../../shared/meeting-places';
import { apiGet, apiRequest } from '../../../lib/api-client';
import { ADMIN } from './admin';

/** The safe meeting places admins keep (issue 40 §4), by name. */
export function useMeetingPlaces() {
  return useQuery({
    queryKey: [...ADMIN, 'meeting-places'],
    queryFn: () => apiGet<MeetingPlace[]>('/api/admin/meeting-places'),
  });
}

export type { CreateMeetingPlace, MeetingPlace };

export const meetingPlacesApi = {
  add: (place: CreateMeetingPlace) =>
    apiRequest<MeetingPlace>('POST', '/api/admin/meeting-places', place),
  change: ({ id, ...place }: CreateMeetingPlace & { id: number }) =>
    apiRequest<MeetingPlace>('PATCH', `/api/admin/meeting-places/${id}`, place),
  remove: (id: number) => apiRequest('DELETE', `/api/admin/meeting-places/${id}`),
};
