// Menu-level permission codes (e.g. 'shipping:note:list') the signed-in user holds: the server grants a list
// API with its menu, so a screen asks before calling one another menu owns (no 403 popups for the user).
import { usePermissions } from '../../../stores/permissions';

export function useHasCode(code: string): boolean {
  return usePermissions((s) => s.codes.includes(code));
}
