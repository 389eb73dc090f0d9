import type { UseFormRegisterReturn } from 'react-hook-form';
import { describedBy, FormField } from '../../../components/form-field.js';

/**
 * The domain and time zone fields a property is created and edited with: one markup, so the two forms
 * cannot drift apart. `idPrefix` keeps each form's element ids its own.
 */
export function DomainZoneFields({
  idPrefix,
  domain,
  timezone,
  errors,
  zones,
  zoneHelp,
}: {
  idPrefix: string;
  domain: UseFormRegisterReturn;
  timezone: UseFormRegisterReturn;
  errors: { domain?: string; timezone?: string };
  zones: readonly string[];
  zoneHelp: string;
}) {
  const domainId = `${idPrefix}-domain`;
  const zoneId = `${idPrefix}-zone`;
  return (
    <>
      <FormField
        id={domainId}
        label={
          <>
            Domain <span className="muted">(optional)</span>
          </>
        }
        error={errors.domain}
      >
        <input
          id={domainId}
          type="text"
          autoComplete="off"
          spellCheck={false}
          placeholder="www.example.com"
          aria-invalid={!!errors.domain}
          aria-describedby={describedBy(domainId)}
          {...domain}
        />
      </FormField>
      <FormField id={zoneId} label="Time zone" help={zoneHelp} error={errors.timezone}>
        <select id={zoneId} aria-invalid={!!errors.timezone} aria-describedby={describedBy(zoneId, true)} {...timezone}>
          {zones.map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </select>
      </FormField>
    </>
  );
}
