import { useRealtimeStatus } from '../../features/realtime';

const LABELS = { open: 'Live', opening: 'Connecting', closed: 'Offline' } as const;

export function LiveIndicator() {
  const status = useRealtimeStatus();
  return (
    <span
      className={`live live--${status}`}
      role="status"
      aria-label={`Realtime connection: ${LABELS[status].toLowerCase()}`}
      title={`Realtime connection: ${status}`}
    >
      <span className="live__dot" aria-hidden="true" />
      <span className="live__text" aria-hidden="true">
        {LABELS[status]}
      </span>
    </span>
  );
}
