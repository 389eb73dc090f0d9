import type { KeyPermission } from '../../../../contract/admin.js';

/**
 * What each permission lets a key do, in the words of the create form and the key list. The label is
 * the whole of what it allows, so a key listed as reading cannot also change anything.
 */
export const PERMISSIONS: Record<KeyPermission, { label: string; help: string }> = {
  metrics: {
    label: 'Read figures and reports',
    help: 'Reports, aggregates, split tests and their results, recommendations, goals and saved funnels. Reading only: it changes nothing.',
  },
  experiments: {
    label: 'Create, change and stop split tests',
    help: 'This changes what visitors of these sites see: text, styles, images, sanitised HTML (never script), or a redirect.',
  },
  configure: {
    label: 'Create, change and delete goals and saved funnels',
    help: 'This changes what the reports count and list for everyone using these properties, never what visitors see.',
  },
};

/** A key's permissions as words, one label after another ("; ": the labels have commas), or "None". */
export const permissionWords = (permissions: readonly KeyPermission[]) =>
  permissions.length ? permissions.map((p) => PERMISSIONS[p].label).join('; ') : 'None';
