import { useEffect, useSyncExternalStore } from 'react';
import { getRealtimeStatus, getSocket, subscribeRealtimeStatus, type RealtimeStatus } from './socket';

/** 'closed' | 'opening' | 'open' for the page's realtime connection (opening it if needed). */
export function useRealtimeStatus(): RealtimeStatus {
  useEffect(() => {
    getSocket();
  }, []);
  return useSyncExternalStore(subscribeRealtimeStatus, getRealtimeStatus, () => 'closed' as const);
}
