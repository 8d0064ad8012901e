import { CHECK_FAILED, readPlanStatus, USER_ID_REQUIRED, type PlanStatus } from './plan-status';

const phases = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `p${i}`, title: `Phase ${i}` }));
const answer = (over: Partial<PlanStatus>): PlanStatus => ({
  planId: 'plan',
  runId: 'run',
  status: 'completed',
  percent: 100,
  step: 'checking',
  plan: { title: 'Plan', summary: 'Summary', phases: phases(13) },
  totalPhaseCount: 13,
  programLengthWeeks: 6,
  targetDate: '2031-05-04',
  timeToTargetLabel: 'Time to Race Day',
  timeToTargetDescription: '6-Week Transformation Plan',
  generatedBy: 'local-generator',
  error: null,
  ...over,
});

describe('the plan status rule (spec 4)', () => {
  it('needs a user id', async () => {
    await expect(readPlanStatus('', jest.fn())).rejects.toThrow(USER_ID_REQUIRED);
    await expect(readPlanStatus(null, jest.fn())).rejects.toThrow(USER_ID_REQUIRED);
  });

  it('reads a complete plan at once', async () => {
    const check = jest.fn().mockResolvedValue(answer({}));
    const wait = jest.fn().mockResolvedValue(undefined);
    expect((await readPlanStatus('anon_x', check, wait)).status).toBe('completed');
    expect(check).toHaveBeenCalledTimes(1);
    expect(check).toHaveBeenCalledWith('anon_x');
    expect(wait).not.toHaveBeenCalled();
  });

  it('checks a completed plan with too few valid phases again, 1.5 s apart, until it has them', async () => {
    const short = answer({ plan: { title: 'P', summary: 'S', phases: [...phases(12), { id: 'x' }] } });
    const check = jest.fn().mockResolvedValueOnce(short).mockResolvedValueOnce(short).mockResolvedValueOnce(answer({}));
    const wait = jest.fn().mockResolvedValue(undefined);
    const read = await readPlanStatus('anon_x', check, wait);
    expect(check).toHaveBeenCalledTimes(3);
    expect(wait.mock.calls).toEqual([[1500], [1500]]);
    expect(read.status === 'completed' && read.plan?.phases).toHaveLength(13);
  });

  it('gives up after 3 retries and answers the last check', async () => {
    const short = answer({ plan: { title: 'P', summary: 'S', phases: phases(2) } });
    const check = jest.fn().mockResolvedValue(short);
    const wait = jest.fn().mockResolvedValue(undefined);
    await readPlanStatus('anon_x', check, wait);
    expect(check).toHaveBeenCalledTimes(4);
    expect(wait).toHaveBeenCalledTimes(3);
  });

  it('does not retry a plan still being made: only completed is read', async () => {
    const check = jest.fn().mockResolvedValue(answer({ status: 'running', plan: null }));
    const wait = jest.fn();
    expect((await readPlanStatus('anon_x', check, wait)).status).toBe('running');
    expect(check).toHaveBeenCalledTimes(1);
  });

  it("answers status 'error' with the spec's message when the check fails", async () => {
    const read = await readPlanStatus('anon_x', jest.fn().mockRejectedValue(new Error('')), jest.fn());
    expect(read).toEqual({ status: 'error', error: CHECK_FAILED });
  });
});
