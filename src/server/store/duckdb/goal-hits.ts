import { wildcardRegex } from '../../../contract/filters.js';
import type { GoalRecord, Scope } from '../store.js';
import type { Database, Params } from './database.js';
import { scopeFilter } from './sql-fragments.js';

/** Our own integers as SQL text (a goal's place in the list, a dictionary number; never input). */
export function int(n: number): string {
  if (!Number.isSafeInteger(n)) throw new Error('expected an integer');
  return String(n);
}

/** The dictionary numbers of those of `texts` the store has seen (click targets, form selectors and sources). */
export async function textNumbers(db: Pick<Database, 'all'>, texts: string[]): Promise<Map<string, number>> {
  if (texts.length === 0) return new Map();
  const rows = await db.all<{ text: string; text_no: number }>(
    'SELECT text, text_no FROM text_numbers WHERE list_contains($texts, text)',
    { texts },
  );
  return new Map(rows.map((r) => [r.text, r.text_no]));
}

/**
 * The goals' conversions in one scope as rows `(goal, session, visitor_no, visitor_key)`, one per
 * converting event, `goal` being the goal's place in the list; goal values are bound as `$g<i>…`.
 * Each source is read once for all its goals. Page views carry their visitor's dense number (so their
 * visitors are counted as a bitstring), clicks, forms and custom events the visitor's key. With
 * `withTime`, each row also carries the event's `ts` (goal split tests compare it with the exposure);
 * with `eventIds`, clicks, forms and custom events also carry `event_id`, their row in their table, so
 * one event converting several goals can be taken as one (funnels' goal steps).
 * With `prefix`, the values are bound as `$<prefix><i>…` and the page table is `<prefix>paths`, so a
 * second set of goals (a `goal` filter's) can share a statement with the Goals report's.
 */
export class GoalHits {
  /** `session_key`, or `property_id, session_key` when several properties share the scope (keys are unique only within one). */
  readonly session: string;
  /** The name of the table goalPaths() is to be bound to (a CTE) for pageViews() and interactions(). */
  readonly pathsTable: string;
  private readonly several: boolean;
  private readonly prefix: string;
  private readonly propsParam: string;

  constructor(
    private readonly s: Scope,
    private readonly goals: GoalRecord[],
    private readonly params: Params,
    private readonly opts: { withTime?: boolean; prefix?: string; eventIds?: boolean } = {},
  ) {
    this.several = s.propertyIds.length > 1;
    this.session = this.several ? 'property_id, session_key' : 'session_key';
    this.prefix = opts.prefix ?? 'g';
    this.pathsTable = opts.prefix ? `${opts.prefix}paths` : 'goal_paths';
    this.propsParam = opts.prefix ? `${opts.prefix}props` : 'goal_props';
  }

  private bind(i: number, field: string, value: string): string {
    this.params[`${this.prefix}${i}${field}`] = value;
    return `$${this.prefix}${i}${field}::VARCHAR`;
  }

  /** The goals of these kinds that can convert in the scope, with their places in the list. */
  private of(kinds: GoalRecord['kind'][]): [GoalRecord, number][] {
    return this.goals.flatMap((g, i): [GoalRecord, number][] =>
      kinds.includes(g.kind) && this.s.propertyIds.includes(g.property_id) ? [[g, i]] : [],
    );
  }

  /** The scope's range and properties on the rows of `alias` (bound as scopeFilter binds them). */
  private where(alias: string): string {
    return scopeFilter(this.s, 'ts', alias).where;
  }

  /**
   * In a scope of several properties: the row (`alias`) is of goal `goal`'s property (a goal counts its
   * own property's events only; with one property in the scope, `of` drops the others' goals). The
   * goals' properties are bound only when a statement names them: a parameter the SQL does not name
   * is an error (only click goals in an aggregate's goal filter had made the summary a 500).
   */
  private ownProperty(alias: string, goal: string): string {
    if (!this.several) return '';
    this.params[this.propsParam] = this.goals.map((g) => g.property_id);
    return ` AND ${alias}.property_id = $${this.propsParam}[${goal} + 1]`;
  }

  private sessionOf(alias: string): string {
    return this.session
      .split(', ')
      .map((c) => `${alias}.${c}`)
      .join(', ');
  }

  /** `, <alias>.ts` when the rows carry their time, else nothing (the Goals report's SQL stays as it was). */
  private time(alias: string): string {
    return this.opts.withTime ? `, ${alias}.ts` : '';
  }

  /** `, <alias>.event_id` (from a table: its `rowid`) with `eventIds`, else nothing. */
  private eventId(alias: string, fromTable = false): string {
    if (!this.opts.eventIds) return '';
    const a = alias ? `${alias}.` : '';
    return fromTable ? `, ${a}rowid AS event_id` : `, ${a}event_id`;
  }

  /**
   * `goal_paths` (pathsTable): (path_no, goal) for every goal with a page pattern and every dictionary path it
   * matches, so each pattern is tested once per distinct path rather than once per event. The
   * dictionary (`text_numbers`) holds the path of every non-bot page view, click and form.
   */
  goalPaths(): string | null {
    const tests = this.goals.flatMap((g, i) =>
      g.page === null
        ? []
        : [`CASE WHEN regexp_full_match(text, ${this.bind(i, 're', wildcardRegex(g.page))}) THEN ${int(i)} END`],
    );
    if (tests.length === 0) return null;
    return `SELECT path_no, unnest(goals) AS goal FROM (
      SELECT text_no AS path_no, list_filter([${tests.join(', ')}], lambda x: x IS NOT NULL) AS goals FROM text_numbers)`;
  }

  /** Page views of page goals, from the compact table (non-bot, visitors by their dense number). */
  pageViews(): string | null {
    const goals = this.of(['page']);
    if (goals.length === 0) return null;
    return `SELECT gp.goal, ${this.sessionOf('v')}, v.visitor_no, NULL::UBIGINT AS visitor_key${this.time('v')}
      FROM compact_page_views v JOIN ${this.pathsTable} gp ON gp.path_no = v.path_no AND gp.goal IN (${goals.map(([, i]) => int(i)).join(', ')})
      WHERE ${this.where('v')}${this.ownProperty('v', 'gp.goal')}`;
  }

  /**
   * Clicks and form submissions of click and form goals, from the compact table (non-bot, texts as
   * numbers): each row lists the goals it converts. The table keeps no visitor, so the converting
   * rows take theirs from their session. `textNos`: the texts' numbers looked up beforehand
   * (textNumbers); without them the rows' element and source are joined with the dictionary's entries
   * for the goals' texts, in the statement (a lookup per goal, as a subquery each, made DuckDB's binder
   * refuse the statement past about a thousand goals: expression depth).
   */
  interactions(textNos?: Map<string, number>): string | null {
    const goals = this.of(['click', 'form']);
    if (goals.length === 0) return null;
    // A text the store never saw has no number (or no entry), and then nothing matches it.
    const textNo = (i: number, field: 't' | 's', text: string) =>
      textNos
        ? textNos.has(text)
          ? `c.${field === 't' ? 'target' : 'source'}_no = ${int(textNos.get(text)!)}`
          : 'false'
        : `${field === 't' ? 'gt' : 'gs'}.text = ${this.bind(i, field, text)}`;
    const texts = `(SELECT text_no, text FROM text_numbers WHERE list_contains($${this.prefix}texts, text))`;
    const bySource = goals.some(([g]) => g.kind === 'form' && g.source !== null);
    const joined = !textNos && this.texts().length > 0;
    const textJoins = joined
      ? `LEFT JOIN ${texts} gt ON gt.text_no = c.target_no${bySource ? ` LEFT JOIN ${texts} gs ON gs.text_no = c.source_no` : ''}`
      : '';
    if (joined) this.params[`${this.prefix}texts`] = this.texts();
    const onPages = goals.some(([g]) => g.page !== null);
    // Per goal, the tests on the row's own columns, and the page test apart: the cheap ones first
    // pick the few rows that can convert, and only those get the per-goal list.
    const rules = goals.map(([g, i]) => {
      const tests = [g.kind === 'click' ? 'NOT c.is_form' : 'c.is_form'];
      if (this.several) tests.push(`c.property_id = ${this.bind(i, 'p', g.property_id)}`);
      if (g.target !== null) tests.push(textNo(i, 't', g.target));
      else if (g.kind === 'click') tests.push('false'); // a click goal always names its element
      if (g.kind === 'form' && g.source !== null) tests.push(textNo(i, 's', g.source));
      return {
        i,
        own: tests.join(' AND '),
        page: g.page !== null ? `coalesce(list_contains(gp.goals, ${int(i)}), false)` : null,
      };
    });
    const hits = rules.map((r) => `CASE WHEN ${r.own}${r.page ? ` AND ${r.page}` : ''} THEN ${int(r.i)} END`);
    const on = this.session
      .split(', ')
      .map((col) => `s.${col} = i.${col}`)
      .join(' AND ');
    return `SELECT i.goal, ${this.sessionOf('i')}, NULL::UINTEGER AS visitor_no, s.visitor_key${this.time('i')}${this.eventId('i')}
      FROM (
        SELECT unnest(goals) AS goal, ${this.session}${this.opts.withTime ? ', ts' : ''}${this.eventId('')} FROM (
          SELECT ${this.sessionOf('c')}${this.time('c')}${this.eventId('c', true)}, list_filter([${hits.join(', ')}], lambda x: x IS NOT NULL) AS goals
          FROM compact_interactions c ${textJoins}
          ${onPages ? `LEFT JOIN (SELECT path_no, list(goal) AS goals FROM ${this.pathsTable} GROUP BY path_no) gp ON gp.path_no = c.path_no` : ''}
          WHERE ${this.where('c')} AND (${rules.map((r) => `(${r.own})`).join(' OR ')}))
        WHERE len(goals) > 0) i
      JOIN sessions s ON ${on}${this.several ? '' : ' AND s.property_id = $p0'}
        AND s.first_ts < $end::TIMESTAMP AND s.last_ts >= $start::TIMESTAMP`;
  }

  /** The click and form goals' element and source texts, to be looked up in the dictionary first. */
  texts(): string[] {
    return this.of(['click', 'form']).flatMap(([g]) => [g.target, g.source].filter((t): t is string => t !== null));
  }

  /** Custom events of event goals, by name (the compact table: non-bot). */
  customEvents(): string | null {
    const goals = this.of(['event']);
    if (goals.length === 0) return null;
    const names = goals.map(([g, i]) => `(${int(i)}, ${this.bind(i, 'e', g.event ?? '')})`).join(', ');
    return `SELECT t.goal, ${this.sessionOf('e')}, NULL::UINTEGER AS visitor_no, e.visitor_key${this.time('e')}${this.eventId('e', true)}
      FROM compact_custom_events e JOIN (VALUES ${names}) AS t(goal, name) ON t.name = e.name
      WHERE ${this.where('e')} AND NOT e.is_payment${this.ownProperty('e', 't.goal')}`;
  }
}

/**
 * The sessions that converted on any of `goals` in the scope's range, by the same matching as the
 * Goals report, as the rows (property_id,) session_key (GoalHits.session) of a subquery: what a
 * `goal` filter keeps. Values are bound as `$<prefix>…`, the scope as scopeFilter binds it; null when
 * none of `goals` can convert in the scope (none is of its properties).
 */
export function convertedSessionsSql(s: Scope, goals: GoalRecord[], params: Params, prefix: string): string | null {
  const hits = new GoalHits(s, goals, params, { prefix });
  const sources = [hits.pageViews(), hits.interactions(), hits.customEvents()].filter((x) => x !== null);
  if (sources.length === 0) return null;
  const paths = hits.goalPaths();
  return `${paths ? `WITH ${hits.pathsTable} AS (${paths}) ` : ''}SELECT DISTINCT ${hits.session} FROM (${sources.join(' UNION ALL ')})`;
}
