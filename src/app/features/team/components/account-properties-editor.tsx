import { useState } from 'react';
import type { AccountSummary } from '../../../../contract/accounts.js';
import type { PropertyChoice } from '../../../lib/properties-query.js';
import { PropertyScopeFields, type PropertyScope } from './property-scope-fields.js';

/** An owner's change of the properties an account sees, inline in its row: all, or the ticked ones. */
export function AccountPropertiesEditor({
  account,
  properties,
  pending,
  onSave,
  onCancel,
}: {
  account: AccountSummary;
  properties: readonly PropertyChoice[];
  pending: boolean;
  onSave: (propertyIds: string[]) => void;
  onCancel: () => void;
}) {
  const [scope, setScope] = useState<PropertyScope>(account.property_ids.length ? 'some' : 'all');
  const [ids, setIds] = useState(account.property_ids);
  const [error, setError] = useState<string>();
  const save = () => {
    if (scope === 'some' && ids.length === 0) return setError('Pick at least one property, or choose all properties.');
    onSave(scope === 'all' ? [] : ids);
  };
  return (
    <div className="team-properties-editor" role="group" aria-label={`Properties of ${account.email}`}>
      <PropertyScopeFields
        idPrefix={`edit-${account.id}`}
        scope={scope}
        ids={ids}
        properties={properties}
        error={error}
        onScope={setScope}
        onIds={(next) => {
          setIds(next);
          setError(undefined);
        }}
      />
      <div className="form-actions">
        <button type="button" className="button small primary" onClick={save} disabled={pending}>
          {pending ? 'Saving…' : 'Save properties'}
        </button>
        <button type="button" className="button small" onClick={onCancel} disabled={pending}>
          Cancel
        </button>
      </div>
    </div>
  );
}
