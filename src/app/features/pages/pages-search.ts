import { z } from 'zod';

const sortParam = z.string().regex(/^[a-z_]+\.(asc|desc)$/);

/**
 * The Pages report's own search param: the table's order as `column.dir` (`bounce_rate.desc`), so a
 * shared link opens sorted the same way. Anything else falls back to the default order.
 */
export const pagesSearch = z.object({
  sort: sortParam.optional().catch(undefined),
});

export function parseSort(sort: string | undefined): { key: string; dir: 'asc' | 'desc' } | null {
  if (!sort) return null;
  const [key, dir] = sort.split('.');
  return { key, dir: dir === 'asc' ? 'asc' : 'desc' };
}
