import { EmailReportsSection } from '../features/email-reports/components/email-reports-section.js';
import { PropertiesPage } from '../features/properties/components/properties-page.js';

// Features do not import each other: the app puts the person's email reports under the properties.
export function PropertiesRoutePage() {
  return (
    <PropertiesPage>
      <EmailReportsSection />
    </PropertiesPage>
  );
}
