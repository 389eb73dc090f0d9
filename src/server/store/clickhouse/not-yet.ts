/** A Store method the ClickHouse store does not have yet (removed when the last one lands). */
export const notYet = (name: string) => () => Promise.reject(new Error(`${name} is not available on the ClickHouse store yet`));
