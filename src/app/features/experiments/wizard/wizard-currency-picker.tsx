import { useFormContext } from 'react-hook-form';
import type { WizardValues } from './wizard-form.js';
import { WizardField } from './wizard-field.js';

// Listed first: the currencies most sites take. The rest follow as the browser knows them (ISO 4217).
const COMMON = ['USD', 'EUR', 'GBP', 'JPY', 'CAD', 'AUD', 'CHF', 'SEK', 'INR', 'BRL'];
const known = (): string[] => {
  try {
    return Intl.supportedValuesOf('currency');
  } catch {
    return [];
  }
};
const CURRENCIES = [...COMMON, ...known().filter((c) => /^[A-Z]{3}$/.test(c) && !COMMON.includes(c))];

/**
 * The revenue goal's currency: a test compares one currency and never adds another to it. A list, so
 * only ISO codes can be chosen; empty leaves it to the server (docs/decisions.md, "Split tests:
 * revenue in one currency").
 */
export function WizardCurrencyPicker() {
  const { register } = useFormContext<WizardValues>();
  return (
    <WizardField
      label="Currency to compare"
      path="currency"
      hint="Revenue counts payments in this currency only; payments in others are shown apart, never added. Left as it is, the test takes the currency most of your payments used in the 30 days before it starts."
    >
      {(aria) => (
        <select {...aria} {...register('currency')}>
          <option value="">The property’s usual currency</option>
          {CURRENCIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      )}
    </WizardField>
  );
}
