/**
 * Fills each `{name}` of an endpoint's path template with `fill(name)`: the one filler behind the
 * server's route patterns (`:name`), the dashboard's request paths (encoded values) and the tests'.
 */
export const fillPath = (template: string, fill: (name: string) => string): string =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => fill(name));
