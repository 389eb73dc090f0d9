import './element-name.css';

/**
 * A clicked element or a form as a person saw it: its label first, its selector under it (small,
 * monospace) for telling alike-named elements apart; the selector alone when no label was sent.
 */
export function ElementName({ label, target }: { label: string | null; target: string }) {
  if (!label) return <code className="target">{target}</code>;
  return (
    <span className="element-name">
      <span className="element-label">{label}</span>
      <code className="target">{target}</code>
    </span>
  );
}
