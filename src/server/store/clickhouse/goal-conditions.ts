import { wildcardRegex } from '../../../contract/filters.js';
import type { GoalKind } from '../../../contract/goals.js';
import type { GoalRecord } from '../store.js';
import type { ChParams } from './clickhouse-db.js';

/** The event type each kind of goal counts (docs/decisions.md "Goals"). */
export const goalEventTypes: Record<GoalKind, string> = {
  page: 'pageview',
  event: 'custom',
  click: 'click',
  form: 'form_submit',
};

/**
 * Goal `g` as a condition on an event row of its kind's type (goalEventTypes), its values bound into
 * `params` as `{<prefix>_…}`; columns of `alias` when given. `ownProperty`: the row must also be of
 * the goal's property (a scope of several). `page` narrows any kind to matching paths. The Goals
 * report and goal split tests both count by this.
 */
export function goalCondition(
  g: GoalRecord,
  prefix: string,
  params: ChParams,
  opts: { alias?: string; ownProperty?: boolean } = {},
): string {
  const bind = (field: string, value: string) => {
    params[`${prefix}_${field}`] = value;
    return `{${prefix}_${field}:String}`;
  };
  const col = (name: string) => (opts.alias ? `${opts.alias}.${name}` : name);
  const parts = opts.ownProperty ? [`${col('property_id')} = ${bind('property', g.property_id)}`] : [];
  if (g.kind === 'event') parts.push(`${col('name')} = ${bind('event', g.event ?? '')}`);
  // A click goal always names its element (the embedded store reads a missing one as '', matching nothing).
  if (g.kind === 'click' || (g.kind === 'form' && g.target !== null))
    parts.push(`${col('target')} = ${bind('target', g.target ?? '')}`);
  if (g.kind === 'form' && g.source !== null) parts.push(`${col('source')} = ${bind('source', g.source)}`);
  if (g.page !== null) parts.push(`match(${col('path')}, ${bind('page', wildcardRegex(g.page))})`);
  return parts.length ? parts.join(' AND ') : '1';
}

/**
 * An event row that converts on any of `goals`, each tested by goalCondition on its kind's type
 * (values bound as `{<prefix><i>_…}`), and the types that can: what a `goal` filter asks of a
 * session's events. Goals of properties outside `propertyIds` match nothing; in a scope of several
 * properties a goal matches its own property's events only, as in the Goals report. Null when no goal
 * can convert.
 */
export function anyGoalCondition(
  goals: GoalRecord[],
  propertyIds: string[],
  prefix: string,
  params: ChParams,
): { condition: string; types: string[] } | null {
  const own = goals.filter((g) => propertyIds.includes(g.property_id));
  if (own.length === 0) return null;
  const tests = own.map(
    (g, i) =>
      `(type = '${goalEventTypes[g.kind]}' AND ${goalCondition(g, `${prefix}${i}`, params, { ownProperty: propertyIds.length > 1 })})`,
  );
  return { condition: tests.join(' OR '), types: [...new Set(own.map((g) => goalEventTypes[g.kind]))] };
}
