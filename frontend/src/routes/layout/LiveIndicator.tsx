import { useRealtimeStatus } from '../../features/realtime';

const LABELS = { open: 'Live', opening: 'Connecting', closed: 'Offline' } as const;
const EXPLAINED = {
  open: 'Live updates are on: queues, jobs and alerts update by themselves.',
  opening: 'Connecting for live updates…',
  closed: 'Live updates are off: pages show what they last loaded.',
} as const;

/** For operations console users only: whether live updates (the realtime connection) are on, explained. */
export function LiveIndicator() {
  const status = useRealtimeStatus();
  return (
    <span className={`live live--${status}`} role="status" aria-label={EXPLAINED[status]} title={EXPLAINED[status]}>
      <span className="live__dot" aria-hidden="true" />
      <span className="live__text" aria-hidden="true">
        {LABELS[status]}
      </span>
    </span>
  );
}
