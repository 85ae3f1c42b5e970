import { LegalDocument, type LegalSection } from '../components/legal-document.tsx';
import { PRIVACY_DATA_SECTIONS } from '../content/privacy-data.tsx';
import { PRIVACY_RIGHTS_SECTIONS } from '../content/privacy-rights.tsx';
import { useDocumentTitle, pageTitle } from '../hooks/use-document-title.ts';

const PRIVACY_UPDATED = '20 November 2026';

const SECTIONS: LegalSection[] = [...PRIVACY_DATA_SECTIONS, ...PRIVACY_RIGHTS_SECTIONS];

export default function PrivacyPage() {
  useDocumentTitle(pageTitle('Privacy Policy'));
  return (
    <LegalDocument
      title="Privacy policy"
      lead="What Soci Gen stores about you and your business, why, for how long — and how to have it deleted."
      updated={PRIVACY_UPDATED}
      sections={SECTIONS}
    />
  );
}
