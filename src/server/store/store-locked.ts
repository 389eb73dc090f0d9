/** The store's files are held by another process (a running server); commands say so instead of failing obscurely. */
export class StoreLockedError extends Error {}
