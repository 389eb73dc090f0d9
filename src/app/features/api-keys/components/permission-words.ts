import type { KeyPermission } from '../../../../contract/admin.js';

/** What each permission lets a key do, in the words of the create form and the key list. */
export const PERMISSIONS: Record<KeyPermission, { label: string; help: string }> = {
  metrics: {
    label: 'Read figures',
    help: 'Reports, aggregates, split tests and their results, recommendations, saved funnels.',
  },
  experiments: {
    label: 'Run split tests',
    help: 'Create, change and stop split tests. This changes what visitors of these sites see: text, styles, images, sanitised HTML (never script), or a redirect.',
  },
  configure: {
    label: 'Create, change and delete goals and saved funnels',
    help: 'Changes what the reports count and list for everyone using these properties, never what visitors see.',
  },
};

/** A key's permissions as words: "Read figures, Run split tests", or "None". */
export const permissionWords = (permissions: readonly KeyPermission[]) =>
  permissions.length ? permissions.map((p) => PERMISSIONS[p].label).join(', ') : 'None';
