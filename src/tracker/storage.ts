// localStorage throws in some private modes, sandboxed frames and when full; the tracker then keeps
// going with memory that lasts as long as the page.
const memory: Record<string, string> = {};

/** The JSON value stored under `key`, or null. */
export function load<T>(key: string): T | null {
  let raw: string | null | undefined;
  try {
    raw = localStorage.getItem(key);
  } catch {
    raw = memory[key];
  }
  try {
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

/** Stores `value` as JSON under `key`; null removes it. */
export function save(key: string, value: unknown): void {
  const raw = value == null ? '' : JSON.stringify(value);
  memory[key] = raw;
  try {
    if (raw) localStorage.setItem(key, raw);
    else localStorage.removeItem(key);
  } catch {
    // Quota or storage disabled: the in-memory copy above carries this page.
  }
}
