// The review drawer's and dialog's identity checks of a party screen, one line per page.
import { VERIFICATION_OVERRIDE_PERMISSION, type VerificationSubject } from '@freight/contracts';
import type { ResourcePageDef } from '../../../components/resource';
import { VerificationPanel } from './VerificationPanel';

export function verificationProps(
  base: string,
  subject: VerificationSubject,
): Pick<ResourcePageDef, 'detailExtra' | 'reviewExtra' | 'reviewOverride'> {
  const panel = (row: Record<string, unknown>) => (
    <VerificationPanel base={base} subject={subject} id={String(row.id)} />
  );
  return { detailExtra: panel, reviewExtra: panel, reviewOverride: VERIFICATION_OVERRIDE_PERMISSION };
}
