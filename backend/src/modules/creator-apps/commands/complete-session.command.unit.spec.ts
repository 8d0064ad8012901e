import { deciderSpec } from '../../../test-support/decider-spec';
import { memberModel } from '../infra/member-stream';
import { decide as decidePhase, CompletePhase } from './complete-phase.command';
import { decide, CompleteSession } from './complete-session.command';

const plan = { planId: 'plan-1', phaseIds: ['base', 'build'] };
const act = (clientId: string) => ({ appId: 'app-1', memberId: 'u1', clientId, localDate: '2026-11-28', timeZone: 'UTC' });
const session = (clientId: string, phaseId: string, sessionNumber: number) => ({
  type: 'MemberSessionCompleted',
  payload: { ...act(clientId), planId: 'plan-1', phaseId, sessionNumber },
});
const phaseDone = (clientId: string, phaseId: string, nextPhaseId: string | null, phaseNumber: number) => ({
  type: 'MemberPhaseCompleted',
  payload: { ...act(clientId), planId: 'plan-1', phaseId, nextPhaseId, phaseNumber, phaseCount: 2 },
});

describe('CompleteSession and CompletePhase decide', () => {
  const sessions = deciderSpec(memberModel, decide);
  const phases = deciderSpec(memberModel, decidePhase);

  it('sessions of the current phase are numbered; a repeat of a client id adds nothing', () => {
    sessions
      .given()
      .when(new CompleteSession(act('s1'), plan, 'base'))
      .then([session('s1', 'base', 1)]);
    sessions
      .given(session('s1', 'base', 1))
      .when(new CompleteSession(act('s2'), plan, 'base'))
      .then([session('s2', 'base', 2)]);
    sessions
      .given(session('s1', 'base', 1))
      .when(new CompleteSession(act('s1'), plan, 'base'))
      .thenNothing();
  });

  it('only the current phase: another is refused (409), a finished program too (400)', () => {
    sessions
      .given()
      .when(new CompleteSession(act('s1'), plan, 'build'))
      .thenThrows('"build" is not your current phase');
    sessions
      .given(phaseDone('p1', 'base', 'build', 1), phaseDone('p2', 'build', null, 2))
      .when(new CompleteSession(act('s9'), plan, 'build'))
      .thenThrows('Your program is complete');
  });

  it('moving on names the next phase (none after the last), and starts its sessions from 1', () => {
    phases
      .given(session('s1', 'base', 1))
      .when(new CompletePhase(act('p1'), plan, 'base'))
      .then([phaseDone('p1', 'base', 'build', 1)]);
    phases
      .given(phaseDone('p1', 'base', 'build', 1))
      .when(new CompletePhase(act('p2'), plan, 'build'))
      .then([phaseDone('p2', 'build', null, 2)]);
    phases
      .given(phaseDone('p1', 'base', 'build', 1))
      .when(new CompletePhase(act('p1'), plan, 'base'))
      .thenNothing();
    sessions
      .given(session('s1', 'base', 1), phaseDone('p1', 'base', 'build', 1))
      .when(new CompleteSession(act('s2'), plan, 'build'))
      .then([session('s2', 'build', 1)]);
  });
});
