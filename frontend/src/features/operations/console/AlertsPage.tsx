import { QUEUES, type AlertRule, type AlertRuleFields } from '@sparkhouse/contracts';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../api/api-error';
import { QueryList } from '../../catalogue';
import { Button, InlineAlert, TagChip } from '../../../ui';
import { useAlertRules, useDeleteAlert, useSaveAlert } from './console-api';
import { useOpsAccess } from './OpsLayout';
import { ConfirmAction, formatTime, OpsSection, Options, SubmitRow } from './parts';

const EMPTY: AlertRuleFields = { name: '', kind: 'backlog', queue: null, threshold: 100, forMinutes: 5, enabled: true };

const describe = (r: AlertRuleFields) =>
  r.kind === 'backlog'
    ? `more than ${r.threshold} jobs waiting in ${r.queue ?? 'all queues'} for ${r.forMinutes} min`
    : `more than ${r.threshold} % of runs failing in ${r.queue ?? 'all queues'} over ${r.forMinutes} min`;

/** /ops/alerts: rules that toast connected operators and email them when they fire. */
export function AlertsPage() {
  const rules = useAlertRules();
  const access = useOpsAccess();
  const [editing, setEditing] = useState<AlertRule | 'new' | null>(null);
  return (
    <div className="ops-stack">
      <OpsSection
        id="alerts"
        title="Alert rules"
        aside={access.canAct && editing === null && <Button onClick={() => setEditing('new')}>New rule</Button>}
      >
        <p className="muted">
          A firing alert shows here, as a notice to everyone in the console, and by email to admins and operators.
        </p>
        {editing !== null && <AlertForm rule={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
        <QueryList query={rules} loading="Loading the rules" items={(data) => data.rules} empty="No alert rules yet.">
          {(list) => (
            <ul className="ops-projections stack-list" aria-label="Alert rules">
              {list.map((r) => (
                <AlertRow key={r.id} rule={r} onEdit={() => setEditing(r)} />
              ))}
            </ul>
          )}
        </QueryList>
      </OpsSection>
    </div>
  );
}

function AlertRow({ rule: r, onEdit }: { rule: AlertRule; onEdit: () => void }) {
  const access = useOpsAccess();
  const remove = useDeleteAlert();
  return (
    <li className="ops-projection">
      <div className="ops-queue__head">
        <h3>{r.name}</h3>
        {!r.enabled ? (
          <TagChip tone="neutral">Off</TagChip>
        ) : r.state === 'firing' ? (
          <TagChip tone="danger">Firing</TagChip>
        ) : r.state === 'pending' ? (
          <TagChip tone="warning">Pending</TagChip>
        ) : (
          <TagChip tone="success">OK</TagChip>
        )}
      </div>
      <p className="muted">
        Fires at {describe(r)}. {r.lastValue !== null && `Now: ${r.kind === 'failure-rate' ? `${r.lastValue} %` : r.lastValue}.`}
        {r.since && ` Since ${formatTime(r.since)}.`}
        {r.lastFiredAt && ` Last fired ${formatTime(r.lastFiredAt)}.`}
      </p>
      {access.canAct && (
        <div className="row">
          <Button size="small" variant="secondary" onClick={onEdit}>
            Edit
          </Button>
          <ConfirmAction
            label="Delete"
            variant="destructive"
            title={`Delete "${r.name}"?`}
            description="The rule stops being evaluated."
            onConfirm={() => remove.mutateAsync(r.id)}
          />
        </div>
      )}
    </li>
  );
}

/** A required whole-number field of the rule. */
function NumberField({
  label,
  min,
  max,
  value,
  onChange,
}: {
  label: string;
  min: number;
  max: number;
  value: number;
  onChange: (value: number) => void;
}) {
  return (
    <label>
      <span>{label}</span>
      <input type="number" min={min} max={max} required value={value} onChange={(e) => onChange(Number(e.target.value))} />
    </label>
  );
}

function AlertForm({ rule, onDone }: { rule: AlertRule | null; onDone: () => void }) {
  const save = useSaveAlert();
  const [fields, setFields] = useState<AlertRuleFields>(rule ?? EMPTY);
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof AlertRuleFields>(k: K, v: AlertRuleFields[K]) => setFields((f) => ({ ...f, [k]: v }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    save.mutate({ id: rule?.id, fields }, { onSuccess: onDone, onError: (err) => setError(errorMessage(err)) });
  };
  return (
    <form className="ops-filters ops-alert-form" onSubmit={submit} aria-label={rule ? `Edit ${rule.name}` : 'New alert rule'}>
      <label>
        <span>Name</span>
        <input required maxLength={120} value={fields.name} onChange={(e) => set('name', e.target.value)} />
      </label>
      <label>
        <span>When</span>
        <select value={fields.kind} onChange={(e) => set('kind', e.target.value as AlertRuleFields['kind'])}>
          <option value="backlog">Backlog (jobs waiting)</option>
          <option value="failure-rate">Failure rate (%)</option>
        </select>
      </label>
      <label>
        <span>Queue</span>
        <select value={fields.queue ?? ''} onChange={(e) => set('queue', e.target.value || null)}>
          <option value="">All queues</option>
          <Options values={Object.values(QUEUES)} />
        </select>
      </label>
      <NumberField
        label={fields.kind === 'backlog' ? 'More than (jobs)' : 'More than (%)'}
        min={0}
        max={fields.kind === 'backlog' ? 1_000_000 : 100}
        value={fields.threshold}
        onChange={(n) => set('threshold', n)}
      />
      <NumberField
        label={fields.kind === 'backlog' ? 'For (minutes)' : 'Over (minutes)'}
        min={1}
        max={1440}
        value={fields.forMinutes}
        onChange={(n) => set('forMinutes', n)}
      />
      <label className="ops-check">
        <input type="checkbox" checked={fields.enabled} onChange={(e) => set('enabled', e.target.checked)} />
        <span>On</span>
      </label>
      <InlineAlert error={error} />
      <SubmitRow label={rule ? 'Save rule' : 'Add rule'} busy={save.isPending}>
        <Button variant="transparent" onClick={onDone}>
          Cancel
        </Button>
      </SubmitRow>
    </form>
  );
}
