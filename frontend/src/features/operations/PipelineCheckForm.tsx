import { useState, type ChangeEvent, type FormEvent } from 'react';
import { errorMessage } from '../../api';
import { useStartPipelineCheck } from '../../api/operations.queries';
import { Button, InlineAlert, Input, SelectField, useToast } from '../../ui';

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

const INITIAL = { steps: '3', stepDelayMs: '800', failAtStep: '', failForS: '0', forEmail: '' };
type Field = keyof typeof INITIAL;

export function PipelineCheckForm({ onStarted }: { onStarted: (runId: string) => void }) {
  const [form, setForm] = useState(INITIAL);
  /** A field's name, value and change handler, bound to the form's state. */
  const bind = (name: Field) => ({
    name,
    value: form[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setForm((f) => ({ ...f, [name]: e.target.value })),
  });
  const { steps, stepDelayMs: delay, failAtStep: failAt, failForS: outage, forEmail } = form;
  const start = useStartPipelineCheck();
  const toast = useToast();

  const stepCount = clamp(Number.parseInt(steps, 10) || 1, 1, 10);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const failAtStep = failAt ? Number.parseInt(failAt, 10) : undefined;
    start.mutate(
      {
        steps: stepCount,
        stepDelayMs: clamp(Number.parseInt(delay, 10) || 0, 0, 5000),
        ...(failAtStep ? { failAtStep } : {}),
        ...(Number(outage) > 0 ? { failForMs: clamp(Math.round(Number(outage) * 1000), 0, 120_000) } : {}),
        ...(forEmail.trim() ? { forEmail: forEmail.trim() } : {}),
      },
      {
        onSuccess: ({ runId }) => {
          toast.show({ kind: 'success', message: 'Pipeline check started.' });
          onStarted(runId);
        },
        onError: (error) => toast.show({ kind: 'error', title: 'Could not start the check', message: errorMessage(error) }),
      },
    );
  };

  return (
    <form className="card ops-form" onSubmit={onSubmit} aria-labelledby="pipeline-check-title">
      <div className="ops-form__head">
        <h2 id="pipeline-check-title">Pipeline check</h2>
        <p className="muted">
          Sends a synthetic job through the command, the queue, a worker and the realtime push, so you can watch each hop.
        </p>
      </div>
      <div className="ops-form__fields">
        <Input label="Steps" type="number" min={1} max={10} required {...bind('steps')} />
        <Input label="Delay per step (ms)" type="number" min={0} max={5000} step={100} {...bind('stepDelayMs')} />
        <SelectField label="Fail at step" id="fail-at-step" {...bind('failAtStep')}>
          <option value="">Never (succeed)</option>
          {Array.from({ length: stepCount }, (_, i) => (
            <option key={i + 1} value={String(i + 1)}>
              Step {i + 1}
            </option>
          ))}
        </SelectField>
        <Input label="Simulated outage (s)" type="number" min={0} max={120} {...bind('failForS')} />
        <Input label="For user (email, optional)" type="email" {...bind('forEmail')} />
      </div>
      <p className="muted ops-form__hint">
        A simulated outage makes the check fail until that long after it was asked for: retry it from its job page afterwards.
      </p>
      <InlineAlert error={start.isError ? errorMessage(start.error) : null} />
      <div className="ops-form__actions">
        <Button type="submit" loading={start.isPending}>
          Start pipeline check
        </Button>
      </div>
    </form>
  );
}
