import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../contract/common.js';
import { endpoints } from '../../contract/endpoints.js';
import {
  createTestEnv,
  del,
  endpointPath,
  get,
  post,
  PROP_B,
  type Reply,
  type TestEnv,
} from '../test-support/fixtures.js';

// Creating a split test whose goal is one of the property's goals, and deleting such a goal
// (docs/decisions.md "Split tests"). Figures: experiments/experiment-goal-figures.test.ts.
let env: TestEnv;
let signup: string;
let otherPropertyGoal: string;
beforeAll(async () => {
  env = await createTestEnv();
  signup = (await post(env, env.keys.a, endpointPath('createGoal'), { name: 'Signup', kind: 'event', event: 'signup' }))
    .body.id;
  otherPropertyGoal = (
    await post(env, env.keys.b, endpointPath('createGoal', { propertyId: PROP_B }), {
      name: 'Signup',
      kind: 'event',
      event: 'signup',
    })
  ).body.id;
});
afterAll(() => env.close());

const nocode = {
  name: 'Headline',
  page: '/pricing',
  type: 'nocode',
  variants: [{ changes: [{ selector: 'h1', op: 'text', value: 'Try it free' }] }],
};
const createTest = (body: unknown) => post(env, env.keys.a, endpointPath('createSplitTest'), body);
const deleteGoal = (goalId: string) => del(env, env.keys.a, endpointPath('deleteGoal', { goalId }));

function expectError(r: Reply, status: number, code: string, field: string) {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  const { error } = errorEnvelope.parse(r.body);
  expect(error.code).toBe(code);
  expect(error.details.field).toBe(field);
  return error;
}

describe("a split test whose goal is one of the property's goals", () => {
  it("is created with the goal's id as goal_target, and answers with the goal as it is now", async () => {
    const r = await createTest({ ...nocode, goal: 'goal', goal_target: signup });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(endpoints.createSplitTest.response.parse(r.body)).toMatchObject({
      goal: 'goal',
      goal_target: signup,
      goal_definition: { name: 'Signup', kind: 'event', event: 'signup' },
    });
    const listed = (await get(env, env.keys.a, endpointPath('splitTests'))).body.data.find(
      (t: { experiment_id: string }) => t.experiment_id === r.body.experiment_id,
    );
    expect(listed.goal).toBe('goal');
    await post(env, env.keys.a, endpointPath('stopSplitTest', { experimentId: r.body.experiment_id }), {});
  });

  it("leaves the seed's goals as they were: no goal_definition on their tests", async () => {
    const r = await createTest({ ...nocode, goal: 'form_submission' });
    expect(r.status).toBe(201);
    expect(r.body).not.toHaveProperty('goal_definition');
    const detail = await get(env, env.keys.a, endpointPath('splitTest', { experimentId: r.body.experiment_id }));
    expect(detail.body).not.toHaveProperty('goal_definition');
    await post(env, env.keys.a, endpointPath('stopSplitTest', { experimentId: r.body.experiment_id }), {});
  });

  const rejected: [string, Record<string, unknown>][] = [
    ['without goal_target', { goal: 'goal' }],
    ['an id that is no goal', { goal: 'goal', goal_target: 'gol_0000000000000' }],
    ['a goal of another property', { goal: 'goal', goal_target: 'other property' }],
    ["a split test's id", { goal: 'goal', goal_target: 'exp_0000000000000' }],
  ];
  it.each(rejected)('is refused %s: 400 on goal_target', async (_, goal) => {
    const target = goal.goal_target === 'other property' ? { goal_target: otherPropertyGoal } : {};
    expectError(await createTest({ ...nocode, ...goal, ...target }), 400, 'invalid_request', 'goal_target');
  });
});

describe('deleting a goal a split test counts', () => {
  it('is refused while the test runs (409 conflict on goalId, naming it), and allowed once it is complete', async () => {
    const goal = (
      await post(env, env.keys.a, endpointPath('createGoal'), { name: 'Docs', kind: 'page', page: '/docs/*' })
    ).body.id;
    const first = (await createTest({ ...nocode, name: 'Docs headline', goal: 'goal', goal_target: goal })).body;
    const second = (await createTest({ ...nocode, name: 'Docs layout', goal: 'goal', goal_target: goal })).body;
    const error = expectError(await deleteGoal(goal), 409, 'conflict', 'goalId');
    expect(error.message).toContain('"Docs headline"');
    expect(error.message).toContain('"Docs layout"');
    expect(error.details.experiments).toEqual(expect.arrayContaining([first.experiment_id, second.experiment_id]));

    await post(env, env.keys.a, endpointPath('stopSplitTest', { experimentId: first.experiment_id }), {});
    const still = expectError(await deleteGoal(goal), 409, 'conflict', 'goalId');
    expect(still.details.experiments).toEqual([second.experiment_id]);

    await post(env, env.keys.a, endpointPath('stopSplitTest', { experimentId: second.experiment_id }), {});
    const r = await deleteGoal(goal);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // The complete tests still say what they counted.
    const detail = await get(env, env.keys.a, endpointPath('splitTest', { experimentId: first.experiment_id }));
    expect(detail.body.goal_definition).toEqual({ name: 'Docs', kind: 'page', page: '/docs/*' });
  });

  it('is 404 for an unknown goal before anything else', async () => {
    expectError(await deleteGoal('gol_0000000000000'), 404, 'not_found', 'goalId');
  });

  it('is not held by a running test of another goal', async () => {
    const goal = (
      await post(env, env.keys.a, endpointPath('createGoal'), { name: 'Pricing', kind: 'page', page: '/pricing' })
    ).body.id;
    const other = (
      await post(env, env.keys.a, endpointPath('createGoal'), { name: 'Buy', kind: 'click', target: '#buy' })
    ).body.id;
    const test = (await createTest({ ...nocode, name: 'Buy button', goal: 'goal', goal_target: other })).body;
    expect((await deleteGoal(goal)).status).toBe(200);
    await post(env, env.keys.a, endpointPath('stopSplitTest', { experimentId: test.experiment_id }), {});
  });
});
