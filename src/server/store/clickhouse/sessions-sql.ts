import { entryAttributes, firstValueSql, lastValueSql } from './session-partials.js';
import { TS } from './sql-fragments.js';

/**
 * One row per session whose first page view falls in the scope (bots left out), merged from the
 * session partials (`sessions`, session-partials.ts): the embedded store's `sessions` table, as a subquery.
 * Columns: property_id, session_key, visitor_key, first_ts, last_ts, first_pv_ts, last_pv_ts,
 * pageviews, entry_path, referrer, utm_source, utm_medium, utm_campaign, country, device, browser, os, exit_path.
 * Binds scopeParams (props, start, end).
 *
 * A partial's start_day is the UTC day of its earliest event, so the partials of every session that
 * begins in the range lie from the day before it to the day after (sessions end after 30 idle minutes;
 * a session whose events span more than a day is read only in part: docs/decisions.md). Reading by
 * day keeps the read to the range instead of every session the property ever had.
 */
export function sessionsInScopeSql(extraHaving = ''): string {
  return `(SELECT property_id, session_key, any(visitor_key) AS visitor_key, min(s.first_ts) AS first_ts_, max(s.last_ts) AS last_ts_,
      min(s.first_pv_ts) AS first_pv_ts_, max(s.last_pv_ts) AS last_pv_ts_, sum(s.pageviews) AS pageviews_,
      max(s.is_bot) AS is_bot_, ${entryAttributes.map((a) => `${firstValueSql(`s.entry_${a}`)} AS entry_${a}_`).join(', ')},
      ${lastValueSql('s.exit')} AS exit_path_
    FROM sessions AS s
    WHERE s.property_id IN {props:Array(String)}
      AND s.start_day >= toDate({start:${TS}}) - 1 AND s.start_day <= toDate({end:${TS}}) + 1
    GROUP BY property_id, session_key
    HAVING first_pv_ts_ >= {start:${TS}} AND first_pv_ts_ < {end:${TS}} AND is_bot_ = 0${extraHaving ? ` AND (${extraHaving})` : ''})`;
}

/**
 * sessionsInScopeSql with the embedded store's column names, for `FROM ${sessionsInScope()} AS x`.
 * `where`: a predicate on those columns (the filters' sessionsKept), none when ''.
 */
export function sessionsInScope(where = ''): string {
  return `(SELECT property_id, session_key, visitor_key, first_ts_ AS first_ts, last_ts_ AS last_ts, first_pv_ts_ AS first_pv_ts,
      last_pv_ts_ AS last_pv_ts, pageviews_ AS pageviews, entry_path_ AS entry_path, entry_referrer_ AS referrer,
      entry_utm_source_ AS utm_source, entry_utm_medium_ AS utm_medium, entry_utm_campaign_ AS utm_campaign,
      entry_country_ AS country, entry_device_ AS device, entry_browser_ AS browser, entry_os_ AS os, exit_path_ AS exit_path
    FROM ${sessionsInScopeSql()}${where ? ` WHERE ${where}` : ''})`;
}
