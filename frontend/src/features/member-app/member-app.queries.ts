import type { MemberHome } from '@sparkhouse/contracts';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../api/api-error';
import { callApi } from '../../api/call-api';
import { memberApp } from '../../api/routes';
import { enqueue, flushQueue, localQueueStore, queueKey, readQueue, type QueuedAction, type SendOutcome } from './offline-queue';

export interface AppAddress {
  storefrontSlug: string;
  appSlug: string;
}

export const memberKeys = {
  home: (a: AppAddress, userId: string) => ['member-app', a.storefrontSlug, a.appSlug, userId, 'home'] as const,
  checkIns: (a: AppAddress, userId: string) => ['member-app', a.storefrontSlug, a.appSlug, userId, 'check-ins'] as const,
};

export const memberHomeQuery = (a: AppAddress, userId: string) =>
  queryOptions({
    queryKey: memberKeys.home(a, userId),
    queryFn: ({ signal }) => callApi(memberApp.getMemberHome, { params: { ...a }, signal }),
    // offline, the last answer stays on screen (the service worker answers it on a reload)
    retry: (failures, error) => failures < 2 && !(isApiError(error) && error.status > 0 && error.status < 500),
    networkMode: 'offlineFirst',
  });

const newClientId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (c) =>
        (Number(c) ^ ((Math.random() * 16) >> (Number(c) / 4))).toString(16),
      );

/** What an action not yet sent changes on screen (the server's answer replaces it once sent). */
export function withPending(home: MemberHome, pending: readonly QueuedAction[]): MemberHome {
  if (pending.length === 0) return home;
  const next: MemberHome = structuredClone(home);
  for (const a of pending) {
    if (a.kind === 'checkIn') {
      next.checkIns.unshift({
        clientId: a.clientId,
        localDate: next.today,
        mood: a.body.mood,
        effort: a.body.effort,
        note: a.body.note ?? null,
        at: new Date().toISOString(),
      });
      next.progress.checkedInToday = true;
    } else if (a.kind === 'completeSession') {
      const phase = next.plan?.phases.find((p) => p.phaseId === a.body.phaseId);
      if (phase) phase.sessionsDone += 1;
      next.progress.sessionsDone += 1;
      next.progress.doneToday = true;
    } else {
      const phases = next.plan?.phases ?? [];
      const i = phases.findIndex((p) => p.phaseId === a.body.phaseId);
      if (i >= 0) {
        phases[i].state = 'done';
        if (phases[i + 1]) phases[i + 1].state = 'current';
        next.progress.phasesDone = Math.min(phases.length, next.progress.phasesDone + 1);
        next.progress.percent = Math.round((next.progress.phasesDone / phases.length) * 1000) / 10;
        next.progress.completed = next.progress.phasesDone >= phases.length;
      }
    }
  }
  const hadToday = home.progress.doneToday || home.progress.checkedInToday;
  if (!hadToday && (next.progress.doneToday || next.progress.checkedInToday)) next.progress.streak += 1;
  return next;
}

async function send(a: AppAddress, action: QueuedAction): Promise<SendOutcome> {
  try {
    if (action.kind === 'checkIn')
      await callApi(memberApp.checkIn, { params: { ...a }, body: { clientId: action.clientId, ...action.body } });
    else if (action.kind === 'completeSession')
      await callApi(memberApp.completeSession, { params: { ...a }, body: { clientId: action.clientId, ...action.body } });
    else await callApi(memberApp.completePhase, { params: { ...a }, body: { clientId: action.clientId, ...action.body } });
    return { ok: true };
  } catch (error) {
    // the network, or the server unavailable: kept for later; anything else was refused
    const retry = !isApiError(error) || error.status === 0 || error.status >= 500 || error.status === 401;
    return { ok: false, retry, message: error instanceof Error ? error.message : 'Could not send' };
  }
}

/**
 * The member's actions: sent at once when online; queued in the browser when offline (or when sending
 * fails on the network) and sent in order when the network is back. The home shows them meanwhile.
 */
export function useMemberActions(a: AppAddress, userId: string) {
  const queryClient = useQueryClient();
  const store = useRef(localQueueStore(queueKey(a.storefrontSlug, a.appSlug))).current;
  const [pending, setPending] = useState<QueuedAction[]>(() => readQueue(store));
  const [refused, setRefused] = useState<string[]>([]);
  const flushing = useRef(false);
  /** An action was done while a flush was running: that flush goes round again before it ends. */
  const again = useRef(false);

  const flush = useCallback(async () => {
    if (flushing.current) {
      again.current = true;
      return;
    }
    flushing.current = true;
    try {
      do {
        again.current = false;
        const result = await flushQueue(store, (action) => send(a, action));
        // what is waiting now, including anything done meanwhile (not only what this round left)
        setPending(readQueue(store));
        if (result.refused.length > 0) setRefused((r) => [...r, ...result.refused.map((x) => x.message)]);
        if (result.sent > 0 || result.refused.length > 0)
          await queryClient.invalidateQueries({ queryKey: memberKeys.home(a, userId) });
      } while (again.current && navigator.onLine);
    } finally {
      flushing.current = false;
    }
  }, [a, store, queryClient, userId]);

  useEffect(() => {
    const online = () => void flush();
    window.addEventListener('online', online);
    if (navigator.onLine && readQueue(store).length > 0) void flush();
    return () => window.removeEventListener('online', online);
  }, [flush, store]);

  const act = useCallback(
    async (action: Omit<QueuedAction, 'clientId'>) => {
      const full = { ...action, clientId: newClientId() } as QueuedAction;
      setPending(enqueue(store, full));
      if (navigator.onLine) await flush();
    },
    [store, flush],
  );

  return {
    pending,
    refused,
    dismissRefused: () => setRefused([]),
    checkIn: (body: { mood: number; effort: number; note?: string }) => act({ kind: 'checkIn', body }),
    completeSession: (phaseId: string) => act({ kind: 'completeSession', body: { phaseId } }),
    completePhase: (phaseId: string) => act({ kind: 'completePhase', body: { phaseId } }),
  };
}
