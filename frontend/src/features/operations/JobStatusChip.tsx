import type { JobRunStatus } from '@sparkhouse/contracts';
import { TagChip, type TagTone } from '../../ui';

const TONES: Record<JobRunStatus, TagTone> = {
  queued: 'neutral',
  running: 'primary',
  completed: 'success',
  failed: 'danger',
  canceled: 'warning',
};

const LABELS: Record<JobRunStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
  canceled: 'Canceled',
};

export function JobStatusChip({ status }: { status: JobRunStatus }) {
  return <TagChip tone={TONES[status]}>{LABELS[status]}</TagChip>;
}
