import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { EVENTS_PATH } from '../../../shared/events';
import { setLiveConnected } from '../../lib/live-status';
import { applyLiveEvent } from './apply-live-event';
import { connectLive } from './live-connection';

/** Holds the member's live stream open while signed in (DESIGN: realtime). */
export function useLiveEvents(signedIn: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn || typeof EventSource === 'undefined') return;
    return connectLive({
      openSource: () => new EventSource(EVENTS_PATH),
      onEvent: (event) => applyLiveEvent(queryClient, event),
      onStatus: setLiveConnected,
    });
  }, [signedIn, queryClient]);
}
